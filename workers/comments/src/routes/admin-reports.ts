// ModMe comment reports (spec §7): the pending list, paged (20), with data.total; and dismiss.

import { modmeStaff } from "@unbiased/worker-shared/auth/staff";
import { MODERATION_MESSAGES, type ReportsData } from "@unbiased/worker-shared/contracts/moderation";
import { ReportsQuerySchema } from "@unbiased/worker-shared/contracts/moderation.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { CommentsEnv } from "../env.ts";
import { dismissReport, listPendingReports } from "../storage/reports.ts";
import { pageOf } from "../storage/time.ts";

export const adminReportRoutes = new Hono<CommentsEnv>();
// A D1 failure answers 503 + Retry-After with spec §8's message for the route (http/unavailable.ts);
// each line below only sets that message and hands on to the route itself.
adminReportRoutes.get("/reports", failureMessage(MODERATION_MESSAGES.fetchReportsFailed));
adminReportRoutes.put("/reports/:id/dismiss", failureMessage(MODERATION_MESSAGES.dismissFailed));

adminReportRoutes.get("/reports", modmeStaff, validate("query", ReportsQuerySchema), async (c) => {
  const { page, limit } = c.req.valid("query");
  const { reports, total } = await listPendingReports(createDb(c.env.DB), page, limit);
  return c.json({
    success: true as const,
    data: { reports, total, pagination: pageOf(page, limit, total) } satisfies ReportsData,
  });
});

adminReportRoutes.put("/reports/:id/dismiss", modmeStaff, async (c) => {
  const id = c.req.param("id");
  if (!(await dismissReport(createDb(c.env.DB), { reportId: id, actorId: c.get("principal").userId })))
    throw notFound(MODERATION_MESSAGES.reportNotFound);
  return c.json({
    success: true as const,
    data: { id, dismissed: true },
    message: MODERATION_MESSAGES.reportDismissed,
  });
});
