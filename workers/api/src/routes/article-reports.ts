// ModMe article reports (beyond the spec): GET /api/articles/admin/reports?page&limit (20) and
// PUT /api/articles/admin/reports/{id}/dismiss — the shape every ModMe report queue shares
// (worker-shared's report-review-routes.ts).
import type { ArticleReportRecord } from "@unbiased/worker-shared/contracts/moderation";
import { reportQueueRoutes } from "@unbiased/worker-shared/report-review-routes";
import type { ApiEnv } from "../env.ts";
import { dismissArticleReport, listPendingArticleReports } from "../storage/article-report-review.ts";

export const articleReportRoutes = reportQueueRoutes<ApiEnv, ArticleReportRecord>("/admin/reports", {
  list: listPendingArticleReports,
  dismiss: dismissArticleReport,
});
