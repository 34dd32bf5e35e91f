// Comment reports awaiting review (spec §3 "Comment report", §4 "Report: pending becomes dismissed").
import { and, count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "@unbiased/worker-shared/db/client";
import { commentReports, comments, users } from "@unbiased/worker-shared/db/schema/index";
import { moderationLogInsert } from "@unbiased/worker-shared/moderation-log";
import { MODERATION_ACTIONS, type CommentReportRecord } from "@unbiased/worker-shared/contracts/moderation";
import { iso } from "./time.ts";

const reporter = alias(users, "reporter");
const author = alias(users, "author");

export async function listPendingReports(
  db: Database,
  page: number,
  limit: number,
): Promise<{ reports: CommentReportRecord[]; total: number }> {
  const pending = eq(commentReports.status, "pending");
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        report: commentReports,
        reporterName: reporter.name,
        comment: { content: comments.content, articleId: comments.articleId, userId: comments.userId },
        authorName: author.name,
      })
      .from(commentReports)
      .innerJoin(comments, eq(comments.id, commentReports.commentId))
      .innerJoin(reporter, eq(reporter.id, commentReports.reporterId))
      .innerJoin(author, eq(author.id, comments.userId))
      .where(pending)
      .orderBy(desc(commentReports.createdAt), desc(commentReports.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(commentReports).where(pending),
  ]);
  return {
    total: totalRow?.n ?? 0,
    reports: rows.map((r) => ({
      id: r.report.id,
      reason: r.report.reason,
      reported_at: iso(r.report.createdAt),
      reporter_id: r.report.reporterId,
      reporter_name: r.reporterName,
      comment_id: r.report.commentId,
      comment_content: r.comment.content,
      comment_author: r.authorName,
      comment_author_id: r.comment.userId,
      article_id: r.comment.articleId,
    })),
  };
}

/** Pending → dismissed, with the log entry in the same batch; false when no pending report has that id. */
export async function dismissReport(
  db: Database,
  input: { reportId: string; actorId: string },
  now = Date.now(),
): Promise<boolean> {
  const [report] = await db
    .select({ commentId: commentReports.commentId })
    .from(commentReports)
    .where(and(eq(commentReports.id, input.reportId), eq(commentReports.status, "pending")));
  if (!report) return false;
  await db.batch([
    db
      .update(commentReports)
      .set({ status: "dismissed", resolvedAt: now, resolvedBy: input.actorId })
      .where(eq(commentReports.id, input.reportId)),
    moderationLogInsert(db, {
      actorId: input.actorId,
      action: MODERATION_ACTIONS.reportDismiss,
      targetType: "report",
      targetId: input.reportId,
      details: { commentId: report.commentId },
    }),
  ]);
  return true;
}
