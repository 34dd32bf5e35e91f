// ModMe's side of article reports (beyond the spec, which stores them but shows them nowhere): the
// pending list and dismiss, each dismissal in the moderation log (shared with comment reports).

import { type ArticleReportRecord, MODERATION_ACTIONS } from "@unbiased/worker-shared/contracts/moderation";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articleReports, articles, users } from "@unbiased/worker-shared/db/schema/index";
import { dismissPendingReport, pendingReportsPage } from "@unbiased/worker-shared/report-review";
import { eq } from "drizzle-orm";

export async function listPendingArticleReports(
  db: Database,
  page: number,
  limit: number,
): Promise<{ reports: ArticleReportRecord[]; total: number }> {
  const { rows, total } = await pendingReportsPage(db, articleReports, { page, limit }, (pending) =>
    db
      .select({ report: articleReports, reporterName: users.name, articleTitle: articles.title })
      .from(articleReports)
      .innerJoin(users, eq(users.id, articleReports.reporterId))
      .innerJoin(articles, eq(articles.id, articleReports.articleId))
      .where(pending.where)
      .orderBy(...pending.orderBy)
      .limit(pending.limit)
      .offset(pending.offset),
  );
  return {
    total,
    reports: rows.map(({ report, reporterName, articleTitle }) => ({
      id: report.id,
      reason: report.reason,
      reported_at: new Date(report.createdAt).toISOString(),
      reporter_id: report.reporterId,
      reporter_name: reporterName,
      article_id: report.articleId,
      article_title: articleTitle,
    })),
  };
}

/** Pending → dismissed with its log entry; false when no pending report has that id. */
export function dismissArticleReport(db: Database, input: { reportId: string; actorId: string }, now = Date.now()) {
  const subject = {
    table: articleReports,
    subjectColumn: articleReports.articleId,
    subjectKey: "articleId",
    action: MODERATION_ACTIONS.articleReportDismiss,
  } as const;
  return dismissPendingReport(db, subject, input, now);
}
