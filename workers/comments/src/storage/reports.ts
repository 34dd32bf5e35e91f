// Comment reports awaiting review (spec §3 "Comment report", §4 "Report: pending becomes dismissed"),
// reviewed like article reports (the shared report-review module).

import { type CommentReportRecord, MODERATION_ACTIONS } from "@unbiased/worker-shared/contracts/moderation";
import type { Database } from "@unbiased/worker-shared/db/client";
import { commentReports, comments, users } from "@unbiased/worker-shared/db/schema/index";
import { dismissPendingReport, pendingReportsPage } from "@unbiased/worker-shared/report-review";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { withTexts } from "./comment-texts.ts";
import { iso } from "./time.ts";

const reporter = alias(users, "reporter");
const author = alias(users, "author");

export async function listPendingReports(
  env: Env,
  db: Database,
  page: number,
  limit: number,
): Promise<{ reports: CommentReportRecord[]; total: number }> {
  const { rows, total } = await pendingReportsPage(db, commentReports, { page, limit }, (pending) =>
    db
      .select({
        report: commentReports,
        reporterName: reporter.name,
        comment: {
          id: comments.id,
          content: comments.content,
          textInThread: comments.textInThread,
          articleId: comments.articleId,
          userId: comments.userId,
        },
        authorName: author.name,
      })
      .from(commentReports)
      .innerJoin(comments, eq(comments.id, commentReports.commentId))
      .innerJoin(reporter, eq(reporter.id, commentReports.reporterId))
      .innerJoin(author, eq(author.id, comments.userId))
      .where(pending.where)
      .orderBy(...pending.orderBy)
      .limit(pending.limit)
      .offset(pending.offset),
  );
  const texts = await withTexts(
    env,
    rows.map((r) => r.comment),
  );
  return {
    total,
    reports: rows.map((r, i) => ({
      id: r.report.id,
      reason: r.report.reason,
      reported_at: iso(r.report.createdAt),
      reporter_id: r.report.reporterId,
      reporter_name: r.reporterName,
      comment_id: r.comment.id,
      comment_content: texts[i]?.content ?? r.comment.content,
      comment_author: r.authorName,
      comment_author_id: r.comment.userId,
      article_id: r.comment.articleId,
    })),
  };
}

/** Pending → dismissed, with the log entry in the same batch; false when no pending report has that id. */
export function dismissReport(db: Database, input: { reportId: string; actorId: string }, now = Date.now()) {
  const subject = {
    table: commentReports,
    subjectColumn: commentReports.commentId,
    subjectKey: "commentId",
    action: MODERATION_ACTIONS.reportDismiss,
  } as const;
  return dismissPendingReport(db, subject, input, now);
}
