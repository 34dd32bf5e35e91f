// Vote tracking for ModMe (spec §7; ModMe APIs: staff role and the gate's admin token). Windows in
// hours (default 1), problematic threshold default 50, cleanup default 24 h (spec §9).

import { modmeStaff } from "@unbiased/worker-shared/auth/staff";
import type { TrackingCleanupResult } from "@unbiased/worker-shared/contracts/votes";
import {
  ActivityQuerySchema,
  CleanupSchema,
  ProblematicQuerySchema,
  TrackingIpParamSchema,
  TrackingUserParamSchema,
} from "@unbiased/worker-shared/contracts/votes.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { VotesEnv } from "../env.ts";
import { ipActivity, problematicUsers, purgeTracking, statistics, userActivity } from "../storage/tracking.ts";

export const trackingRoutes = new Hono<VotesEnv>();

trackingRoutes.use("*", modmeStaff);

trackingRoutes.get(
  "/user/:id",
  validate("param", TrackingUserParamSchema),
  validate("query", ActivityQuerySchema),
  async (c) => ok(c, await userActivity(c.env, c.req.valid("param").id, c.req.valid("query").hours)),
);

trackingRoutes.get(
  "/ip/:ip",
  validate("param", TrackingIpParamSchema),
  validate("query", ActivityQuerySchema),
  async (c) => ok(c, await ipActivity(c.env, c.req.valid("param").ip, c.req.valid("query").hours)),
);

trackingRoutes.get("/problematic", validate("query", ProblematicQuerySchema), async (c) => {
  const { threshold, hours } = c.req.valid("query");
  return ok(c, await problematicUsers(c.env, createDb(c.env.DB), threshold, hours));
});

trackingRoutes.get("/statistics", validate("query", ActivityQuerySchema), async (c) =>
  ok(c, await statistics(c.env, c.req.valid("query").hours)),
);

trackingRoutes.post("/cleanup", validate("json", CleanupSchema), async (c) => {
  const { hours } = c.req.valid("json");
  const deleted = await purgeTracking(c.env, hours);
  return ok(c, { hours, deleted } satisfies TrackingCleanupResult);
});
