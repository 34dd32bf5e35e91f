// POST /api/comments/admin/votes/move (admins, with the ModMe gate's token): one page of the comment
// votes D1 kept before ADR 022 moved them to the threads' objects; `scripts/move-vote-history.ts`
// calls it (after the votes' moves) until `next` is null. Safe to run again at any time
// (migration/move-comment-votes.ts).

import { modmeAdmins } from "@unbiased/worker-shared/auth/staff";
import { MoveCommentVotesSchema } from "@unbiased/worker-shared/contracts/comments.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { CommentsEnv } from "../env.ts";
import { moveCommentVotesPage } from "../migration/move-comment-votes.ts";

export const maintenanceRoutes = new Hono<CommentsEnv>();

maintenanceRoutes.post("/votes/move", modmeAdmins, validate("json", MoveCommentVotesSchema), async (c) => {
  const { after, limit } = c.req.valid("json");
  return ok(c, await moveCommentVotesPage(c.env, createDb(c.env.DB), after ?? null, limit));
});
