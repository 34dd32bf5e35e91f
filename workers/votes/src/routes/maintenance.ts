// POST /api/votes/admin/history/move and /events/move (admins, with the ModMe gate's token): one page
// of the voting history, or of the vote events, kept in D1 before ADR 022 moved to the objects that
// keep them now; `scripts/move-vote-history.ts` calls each until `next` is null. Safe to run again at
// any time (migration/move-history.ts).

import { modmeAdmins } from "@unbiased/worker-shared/auth/staff";
import { MoveEventsSchema, MoveHistorySchema } from "@unbiased/worker-shared/contracts/votes.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { VotesEnv } from "../env.ts";
import { moveEventsPage, moveHistoryPage } from "../migration/move-history.ts";

export const maintenanceRoutes = new Hono<VotesEnv>();

maintenanceRoutes.post("/history/move", modmeAdmins, validate("json", MoveHistorySchema), async (c) => {
  const { after, limit } = c.req.valid("json");
  return ok(c, await moveHistoryPage(c.env, createDb(c.env.DB), after ?? null, limit));
});

maintenanceRoutes.post("/events/move", modmeAdmins, validate("json", MoveEventsSchema), async (c) => {
  const { after, limit } = c.req.valid("json");
  return ok(c, await moveEventsPage(c.env, createDb(c.env.DB), after ?? null, limit));
});
