// GET /api/auth/me/reports (ADR 018): the caller's own article and comment reports with where
// each stands (pending, dismissed, action taken). Signed in only, and personal: never stored by a cache.

import { requireAuth } from "@unbiased/worker-shared/auth/middleware";
import { MY_REPORTS_MESSAGES } from "@unbiased/worker-shared/contracts/reports";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { ok } from "@unbiased/worker-shared/http/respond";
import { Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import { listMyReports } from "../storage/my-reports.ts";

export const myReportRoutes = new Hono<ApiEnv>();

// A banned reader may still read what became of their reports.
myReportRoutes.get(
  "/",
  failureMessage(MY_REPORTS_MESSAGES.loadFailed),
  requireAuth({ allowBanned: true }),
  async (c) => {
    const reports = await listMyReports(createDb(c.env.DB), c.get("principal").userId);
    c.header("Cache-Control", "no-store");
    return ok(c, reports);
  },
);
