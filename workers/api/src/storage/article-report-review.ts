// ModMe's side of article reports (beyond the spec, which stores them but shows them nowhere): the
// pending list and dismiss, each dismissal in the moderation log.
import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articleReports, articles, users } from "@unbiased/worker-shared/db/schema/index";
import { moderationLogInsert } from "@unbiased/worker-shared/moderation-log";
import { MODERATION_ACTIONS, type ArticleReportRecord } from "@unbiased/worker-shared/contracts/moderation";

export async function listPendingArticleReports(
  db: Database,
  page: number,
  limit: number,
): Promise<{ reports: ArticleReportRecord[]; total: number }> {
  const pending = eq(articleReports.status, "pending");
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ report: articleReports, reporterName: users.name, articleTitle: articles.title })
      .from(articleReports)
      .innerJoin(users, eq(users.id, articleReports.reporterId))
      .innerJoin(articles, eq(articles.id, articleReports.articleId))
      .where(pending)
      .orderBy(desc(articleReports.createdAt), desc(articleReports.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(articleReports).where(pending),
  ]);
  return {
    total: totalRow?.n ?? 0,
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
export async function dismissArticleReport(
  db: Database,
  input: { reportId: string; actorId: string },
  now = Date.now(),
): Promise<boolean> {
  const [report] = await db
    .select({ articleId: articleReports.articleId })
    .from(articleReports)
    .where(and(eq(articleReports.id, input.reportId), eq(articleReports.status, "pending")));
  if (!report) return false;
  await db.batch([
    db
      .update(articleReports)
      .set({ status: "dismissed", resolvedAt: now, resolvedBy: input.actorId })
      .where(eq(articleReports.id, input.reportId)),
    moderationLogInsert(db, {
      actorId: input.actorId,
      action: MODERATION_ACTIONS.articleReportDismiss,
      targetType: "report",
      targetId: input.reportId,
      details: { articleId: report.articleId },
    }),
  ]);
  return true;
}
