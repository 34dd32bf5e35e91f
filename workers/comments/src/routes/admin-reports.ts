// ModMe comment reports (spec §7): the pending list, paged (20), with data.total; and dismiss — the
// shape every ModMe report queue shares (worker-shared's report-review-routes.ts).
import type { CommentReportRecord } from "@unbiased/worker-shared/contracts/moderation";
import { reportQueueRoutes } from "@unbiased/worker-shared/report-review-routes";
import type { CommentsEnv } from "../env.ts";
import { dismissReport, listPendingReports } from "../storage/reports.ts";

export const adminReportRoutes = reportQueueRoutes<CommentsEnv, CommentReportRecord>("/reports", {
  list: (db, page, limit, env) => listPendingReports(env, db, page, limit),
  dismiss: dismissReport,
});
