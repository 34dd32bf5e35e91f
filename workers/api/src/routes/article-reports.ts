// ModMe article reports (beyond the spec): GET /api/articles/admin/reports?page&limit (20) and
// PUT /api/articles/admin/reports/{id}/dismiss. ModMe APIs: staff role and the gate's admin token.

import { modmeStaff } from "@unbiased/worker-shared/auth/staff";
import { type ArticleReportsData, MODERATION_MESSAGES } from "@unbiased/worker-shared/contracts/moderation";
import { ReportsQuerySchema } from "@unbiased/worker-shared/contracts/moderation.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import { dismissArticleReport, listPendingArticleReports } from "../storage/article-report-review.ts";

export const articleReportRoutes = new Hono<ApiEnv>();
// A D1 failure answers 503 + Retry-After with spec §8's message for the route (http/unavailable.ts);
// each line below only sets that message and hands on to the route itself.
articleReportRoutes.get("/admin/reports", failureMessage(MODERATION_MESSAGES.fetchReportsFailed));
articleReportRoutes.put("/admin/reports/:id/dismiss", failureMessage(MODERATION_MESSAGES.dismissFailed));

articleReportRoutes.get("/admin/reports", modmeStaff, validate("query", ReportsQuerySchema), async (c) => {
  const { page, limit } = c.req.valid("query");
  const { reports, total } = await listPendingArticleReports(createDb(c.env.DB), page, limit);
  return c.json({
    success: true as const,
    data: {
      reports,
      total,
      pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
    } satisfies ArticleReportsData,
  });
});

articleReportRoutes.put("/admin/reports/:id/dismiss", modmeStaff, async (c) => {
  const id = c.req.param("id");
  if (!(await dismissArticleReport(createDb(c.env.DB), { reportId: id, actorId: c.get("principal").userId })))
    throw notFound(MODERATION_MESSAGES.reportNotFound);
  return c.json({
    success: true as const,
    data: { id, dismissed: true },
    message: MODERATION_MESSAGES.reportDismissed,
  });
});
