// POST /api/votes/admin/history/move (admins, with the ModMe gate's token): one page of the voting
// history kept in D1 before ADR 022 moved to the users' UserVotes objects; `scripts/move-vote-history.ts`
// calls it until `next` is null. Safe to run again at any time (migration/move-history.ts).

import { modmeAdmins } from "@unbiased/worker-shared/auth/staff";
import { MoveHistorySchema } from "@unbiased/worker-shared/contracts/votes.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { VotesEnv } from "../env.ts";
import { moveHistoryPage } from "../migration/move-history.ts";

export const maintenanceRoutes = new Hono<VotesEnv>();

maintenanceRoutes.post("/history/move", modmeAdmins, validate("json", MoveHistorySchema), async (c) => {
  const { after, limit } = c.req.valid("json");
  return ok(c, await moveHistoryPage(c.env, createDb(c.env.DB), after ?? null, limit));
});
