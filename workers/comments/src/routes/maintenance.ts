// POST /api/comments/admin/votes/move, /texts/move, /log/move, /authors/move and /counts/recount
// (admins, with the ModMe gate's token): one page of the comment votes, or of the comments' texts, D1
// kept before ADR 022 moved them to the threads' objects, a run of the moderation log's move to its
// months' objects, one page of the comments to list in their authors' objects, or one page of articles
// whose public comment counts are counted again;
// `scripts/move-vote-history.ts` calls each (after the votes' moves) until `next` is null. Safe to run
// again at any time (migration/move-comment-votes.ts, migration/move-comment-texts.ts,
// storage/moderation-log-delivery.ts, migration/list-authored-comments.ts, migration/recount-approved.ts).

import { modmeAdmins } from "@unbiased/worker-shared/auth/staff";
import {
  MoveCommentsPageSchema,
  MoveCommentVotesSchema,
  MoveModerationLogSchema,
} from "@unbiased/worker-shared/contracts/comments.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { CommentsEnv } from "../env.ts";
import { listAuthoredCommentsPage } from "../migration/list-authored-comments.ts";
import { moveCommentTextsPage } from "../migration/move-comment-texts.ts";
import { moveCommentVotesPage } from "../migration/move-comment-votes.ts";
import { recountApprovedPage } from "../migration/recount-approved.ts";
import { deliverModerationLog } from "../storage/moderation-log-delivery.ts";

export const maintenanceRoutes = new Hono<CommentsEnv>();

maintenanceRoutes.post("/votes/move", modmeAdmins, validate("json", MoveCommentVotesSchema), async (c) => {
  const { after, limit } = c.req.valid("json");
  return ok(c, await moveCommentVotesPage(c.env, createDb(c.env.DB), after ?? null, limit));
});

maintenanceRoutes.post("/texts/move", modmeAdmins, validate("json", MoveCommentsPageSchema), async (c) => {
  const { after, limit } = c.req.valid("json");
  return ok(c, await moveCommentTextsPage(c.env, createDb(c.env.DB), after ?? null, limit));
});

maintenanceRoutes.post("/log/move", modmeAdmins, validate("json", MoveModerationLogSchema), async (c) => {
  const { moved, more } = await deliverModerationLog(c.env, createDb(c.env.DB));
  return ok(c, { moved, next: more ? "more" : null });
});

maintenanceRoutes.post("/authors/move", modmeAdmins, validate("json", MoveCommentsPageSchema), async (c) => {
  const { after, limit } = c.req.valid("json");
  return ok(c, await listAuthoredCommentsPage(c.env, createDb(c.env.DB), after ?? null, limit));
});

maintenanceRoutes.post("/counts/recount", modmeAdmins, validate("json", MoveCommentsPageSchema), async (c) => {
  const { after, limit } = c.req.valid("json");
  return ok(c, await recountApprovedPage(createDb(c.env.DB), after ?? null, limit));
});
