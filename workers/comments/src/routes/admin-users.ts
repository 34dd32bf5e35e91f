// ModMe people (spec §7): the user list (searched and paged on the server) with the tier summary, one user's reputation record, a user's comments (paged, 50).
// Adjusting reputation lives in admin-reputation.ts.

import { modmeStaff } from "@unbiased/worker-shared/auth/staff";
import {
  MODERATION_MESSAGES,
  USER_LIST_MAX,
  type UserCommentsData,
  type UsersData,
  type UsersSummaryData,
} from "@unbiased/worker-shared/contracts/moderation";
import { StaffUsersQuerySchema, UserCommentsQuerySchema } from "@unbiased/worker-shared/contracts/moderation.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { pageOf } from "@unbiased/worker-shared/http/paging";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { CommentsEnv } from "../env.ts";
import { countUsersByTier, getUserReputation, listStaffUsers, listUserComments } from "../storage/staff-users.ts";

export const adminUserRoutes = new Hono<CommentsEnv>();
// A D1 failure answers 503 + Retry-After with spec §8's message for the route (http/unavailable.ts);
// each line below only sets that message and hands on to the route itself.
adminUserRoutes.get("/users", failureMessage(MODERATION_MESSAGES.fetchUsersFailed));
adminUserRoutes.get("/users/summary", failureMessage(MODERATION_MESSAGES.fetchReputationStatsFailed));
adminUserRoutes.get("/user/:id/reputation", failureMessage(MODERATION_MESSAGES.searchUserFailed));
adminUserRoutes.get("/user/:id/comments", failureMessage(MODERATION_MESSAGES.fetchUserCommentsFailed));

adminUserRoutes.get("/users", modmeStaff, validate("query", StaffUsersQuerySchema), async (c) => {
  const { page, limit = USER_LIST_MAX, ...filter } = c.req.valid("query");
  const { users, total } = await listStaffUsers(createDb(c.env.DB), filter, page, limit);
  return c.json({
    success: true as const,
    data: { users, pagination: pageOf(page, limit, total) } satisfies UsersData,
  });
});

adminUserRoutes.get("/users/summary", modmeStaff, async (c) =>
  c.json({ success: true as const, data: (await countUsersByTier(createDb(c.env.DB))) satisfies UsersSummaryData }),
);

adminUserRoutes.get("/user/:id/reputation", modmeStaff, async (c) => {
  const record = await getUserReputation(createDb(c.env.DB), c.req.param("id"));
  if (!record) throw notFound(MODERATION_MESSAGES.userNotFound);
  return c.json({ success: true as const, data: record });
});

adminUserRoutes.get("/user/:id/comments", modmeStaff, validate("query", UserCommentsQuerySchema), async (c) => {
  const { page, limit } = c.req.valid("query");
  const found = await listUserComments(c.env, createDb(c.env.DB), c.req.param("id"), page, limit);
  if (!found) throw notFound(MODERATION_MESSAGES.userNotFound);
  return c.json({
    success: true as const,
    data: {
      user: found.user,
      comments: found.comments,
      pagination: pageOf(page, limit, found.total),
    } satisfies UserCommentsData,
  });
});
