// ModMe reputation adjustment (spec §7, §5): PUT /api/comments/admin/user/{id}/reputation
// {adjustment, reason}, and the spec's variant POST /api/comments/admin/reputation/adjust
// {userId, points, reason}. The change is a reputation event with its reason and actor (below 0 the
// author's comments go back to the queue, storage/reputation.ts), a moderation-log entry and the
// user's inbox entry, in one batch.

import { assertMayActOnUser, modmeStaff } from "@unbiased/worker-shared/auth/staff";
import { REPUTATION_REASONS, reputationTier } from "@unbiased/worker-shared/contracts/comments";
import {
  MODERATION_ACTIONS,
  MODERATION_MESSAGES,
  reputationAdjustedMessage,
} from "@unbiased/worker-shared/contracts/moderation";
import {
  AdjustReputationSchema,
  AdjustReputationVariantSchema,
} from "@unbiased/worker-shared/contracts/moderation.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { runBatch, statement } from "@unbiased/worker-shared/db/raw-batch";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { validate } from "@unbiased/worker-shared/http/validator";
import { sendInboxEntriesSoon } from "@unbiased/worker-shared/inbox/outbox";
import { moderationLogInsert } from "@unbiased/worker-shared/moderation-log";
import { type Context, Hono } from "hono";
import type { CommentsEnv } from "../env.ts";
import { reputationEntryStatement } from "../storage/inbox-entries.ts";
import { reputationChangeStatements } from "../storage/reputation.ts";
import { settleReputationFalls } from "../storage/reputation-falls.ts";
import { sendReputationEntriesSoon } from "../storage/reputation-outbox.ts";
import { getUserReputation } from "../storage/staff-users.ts";

export const adminReputationRoutes = new Hono<CommentsEnv>();
// A D1 failure answers 503 + Retry-After with spec §8's message for the route (http/unavailable.ts);
// each line below only sets that message and hands on to the route itself.
adminReputationRoutes.put("/user/:id/reputation", failureMessage(MODERATION_MESSAGES.adjustFailed));
adminReputationRoutes.post("/reputation/adjust", failureMessage(MODERATION_MESSAGES.adjustFailed));

async function adjust(c: Context<CommentsEnv>, userId: string, points: number, reason: string | undefined) {
  const db = createDb(c.env.DB);
  const before = await getUserReputation(db, userId);
  if (!before) throw notFound(MODERATION_MESSAGES.userNotFound);
  await assertMayActOnUser(db, c.get("principal"), userId);
  const actorId = c.get("principal").userId;
  const changeId = crypto.randomUUID();
  const now = Date.now();
  await runBatch(db, [
    ...reputationChangeStatements(
      db,
      { userId, delta: points, reason: reason || REPUTATION_REASONS.manual, entryId: changeId },
      undefined,
      now,
    ),
    reputationEntryStatement(db, { userId, changeId, points, reason: reason || null }, now),
    statement(
      db,
      moderationLogInsert(db, {
        actorId,
        action: MODERATION_ACTIONS.reputationAdjust,
        targetType: "user",
        targetId: userId,
        reason: reason || null,
        details: { points, from: before.reputationScore, to: before.reputationScore + points },
      }),
    ),
  ]);
  if (points < 0) await settleReputationFalls(c.env, db, [userId]);
  // The answer comes from the record read before and the change just committed, not from another read:
  // once the batch is in, a failed read must not answer 503 and invite the moderator to adjust again.
  sendInboxEntriesSoon(c.env, c.executionCtx);
  sendReputationEntriesSoon(c.env, c.executionCtx);
  const score = before.reputationScore + points;
  const after = { ...before, reputationScore: score, tier: reputationTier(score).label };
  return c.json({ success: true as const, data: after, message: reputationAdjustedMessage(points) });
}

adminReputationRoutes.put("/user/:id/reputation", modmeStaff, validate("json", AdjustReputationSchema), async (c) => {
  const { adjustment, reason } = c.req.valid("json");
  return adjust(c, c.req.param("id"), adjustment, reason);
});

adminReputationRoutes.post(
  "/reputation/adjust",
  modmeStaff,
  validate("json", AdjustReputationVariantSchema),
  async (c) => {
    const { userId, points, reason } = c.req.valid("json");
    return adjust(c, userId, points, reason);
  },
);
