// ModMe comment review (spec §7): the pending queue and the approved list (paged), in the spec's
// moderation view. Approve and reject are in admin-decisions.ts.

import { modmeStaff } from "@unbiased/worker-shared/auth/staff";
import {
  type ApprovedCommentsData,
  MODERATION_MESSAGES,
  type PendingCommentsData,
} from "@unbiased/worker-shared/contracts/moderation";
import { ApprovedQuerySchema } from "@unbiased/worker-shared/contracts/moderation.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { pageOf } from "@unbiased/worker-shared/http/paging";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { CommentsEnv } from "../env.ts";
import { countPendingComments, listApprovedComments, listPendingComments } from "../storage/moderation-comments.ts";

export const adminCommentRoutes = new Hono<CommentsEnv>();
// A D1 failure answers 503 + Retry-After with spec §8's message for the route (http/unavailable.ts);
// each line below only sets that message and hands on to the route itself.
adminCommentRoutes.get("/pending", failureMessage(MODERATION_MESSAGES.fetchPendingFailed));
adminCommentRoutes.get("/approved", failureMessage(MODERATION_MESSAGES.fetchApprovedFailed));

adminCommentRoutes.get("/pending", modmeStaff, async (c) => {
  const db = createDb(c.env.DB);
  const [pendingComments, total] = await Promise.all([listPendingComments(c.env, db), countPendingComments(db)]);
  return c.json({ success: true as const, data: { pendingComments, total } satisfies PendingCommentsData });
});

adminCommentRoutes.get("/approved", modmeStaff, validate("query", ApprovedQuerySchema), async (c) => {
  const { page, limit } = c.req.valid("query");
  const { comments, total } = await listApprovedComments(c.env, createDb(c.env.DB), page, limit);
  return c.json({
    success: true as const,
    data: { approvedComments: comments, pagination: pageOf(page, limit, total) } satisfies ApprovedCommentsData,
  });
});
