// The caller's own reports, article and comment ones together, newest first (ADR 018: reporters hear
// the outcome). Every query is bound to the reporter's id; nothing of other reporters, of the staff
// member who resolved it, or of the reported comment's author is read. A comment report outlives its
// comment: it names the article the comment was on, which the report itself keeps.

import { articlePath } from "@unbiased/worker-shared/contracts/paths";
import { MY_REPORTS_LIMIT, type MyReport } from "@unbiased/worker-shared/contracts/reports";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articleReports, articles, commentReports } from "@unbiased/worker-shared/db/schema/index";
import { desc, eq } from "drizzle-orm";

const iso = (ms: number) => new Date(ms).toISOString();

function articleRef(article: { id: string; title: string; status: "visible" | "hidden" }): MyReport["article"] {
  return { id: article.id, title: article.title, path: article.status === "visible" ? articlePath(article) : null };
}

export async function listMyReports(db: Database, reporterId: string): Promise<MyReport[]> {
  const articleColumns = { id: articles.id, title: articles.title, status: articles.status };
  // Each kind's newest MY_REPORTS_LIMIT (the reporter index), merged: the newest of both kinds.
  const [onArticles, onComments] = await Promise.all([
    db
      .select({ report: articleReports, article: articleColumns })
      .from(articleReports)
      .innerJoin(articles, eq(articles.id, articleReports.articleId))
      .where(eq(articleReports.reporterId, reporterId))
      .orderBy(desc(articleReports.createdAt), desc(articleReports.id))
      .limit(MY_REPORTS_LIMIT),
    db
      .select({ report: commentReports, article: articleColumns })
      .from(commentReports)
      .innerJoin(articles, eq(articles.id, commentReports.articleId))
      .where(eq(commentReports.reporterId, reporterId))
      .orderBy(desc(commentReports.createdAt), desc(commentReports.id))
      .limit(MY_REPORTS_LIMIT),
  ]);
  const rows = [
    ...onArticles.map(({ report, article }) => ({ kind: "article" as const, report, article, commentId: null })),
    ...onComments.map(({ report, article }) => ({
      kind: "comment" as const,
      report,
      article,
      commentId: report.commentId,
    })),
  ];
  return rows
    .sort((a, b) => b.report.createdAt - a.report.createdAt || b.report.id.localeCompare(a.report.id))
    .slice(0, MY_REPORTS_LIMIT)
    .map(({ kind, report, article, commentId }) => ({
      id: report.id,
      kind,
      reason: report.reason,
      status: report.status,
      reportedAt: iso(report.createdAt),
      changedAt: iso(report.resolvedAt ?? report.createdAt),
      article: articleRef(article),
      commentId,
    }));
}
