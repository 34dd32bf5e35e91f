// Reputation (spec §4/§9, ADR 011): every change is an event with a reason, its entry written with the
// running totals in user_reputation in one D1 batch, to the outbox that takes it to the user's
// ReputationHistory object (ADR 022 step 18); the votes a user's comments receive move the totals here
// and their threads hand the history one entry per day, their sum (step 17). Who acted is in the
// moderation log. A change that takes the score below 0 records the fall in the same batch, and the
// author's approved comments then go back to the moderation queue (reputation-falls.ts).

import { DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import { type ReputationTierKey, reputationTier } from "@unbiased/worker-shared/contracts/comments";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import { userReputation } from "@unbiased/worker-shared/db/schema/index";
import { eq } from "drizzle-orm";

/**
 * An amount in a reputation change: a number, or a SQL expression evaluated inside the batch (a vote
 * change computes its delta from the vote row as the batch finds it, so racing requests cannot each
 * apply a delta computed from the same stale previous vote).
 */
export type Amount = number | { sql: string; params: unknown[] };

export interface ReputationChange {
  userId: string;
  /** Points added (negative to take away). */
  delta: Amount;
  /** Why (REPUTATION_REASONS in the comments contract, or a moderator's text). */
  reason: string;
  /** The entry's id (a new one when not given: a manual adjustment names its own). */
  entryId?: string;
  /**
   * False when the change's history entry reaches the user's ReputationHistory object another way
   * (votes received: from their threads, ADR 022 step 17): only the totals move here.
   */
  entryInD1?: boolean;
  /** Counters that move with this change. */
  upvotes?: Amount;
  downvotes?: Amount;
  approvedComments?: Amount;
}

/**
 * A SQL condition the change depends on (e.g. "the comment really became approved"), so a change
 * batched after a conditional update is applied only when that update happened.
 */
export interface StatementGuard {
  sql: string;
  params: unknown[];
}

const ALWAYS: StatementGuard = { sql: "1", params: [] };

const asSql = (amount: Amount = 0) => (typeof amount === "number" ? { sql: "?", params: [amount] } : amount);

/**
 * The statements of one reputation change, for callers that batch them with their own writes. None
 * for the '[deleted]' row of deleted accounts' kept comments: it has no reputation to earn or lose
 * (its comments show 0 and never the Verified badge).
 */
export function reputationChangeStatements(
  db: Database,
  change: ReputationChange,
  guard: StatementGuard = ALWAYS,
  now = Date.now(),
): D1PreparedStatement[] {
  if (change.userId === DELETED_USER.id) return [];
  const delta = asSql(change.delta);
  const up = asSql(change.upvotes);
  const down = asSql(change.downvotes);
  const approved = asSql(change.approvedComments);
  // The history entry, on its way to the user's ReputationHistory object (reputation-outbox.ts).
  const entry = raw(
    db,
    `INSERT INTO reputation_outbox (id, user_id, delta, reason, created_at)
       SELECT ?, ?, ${delta.sql}, ?, ? WHERE ${guard.sql}`,
    change.entryId ?? crypto.randomUUID(),
    change.userId,
    ...delta.params,
    change.reason,
    now,
    ...guard.params,
  );
  const statements = [
    ...(change.entryInD1 === false ? [] : [entry]),
    raw(
      db,
      `INSERT INTO user_reputation (user_id, score, total_upvotes, total_downvotes, approved_comments, updated_at)
       SELECT ?, ${delta.sql}, ${up.sql}, ${down.sql}, ${approved.sql}, ? WHERE ${guard.sql}
       ON CONFLICT (user_id) DO UPDATE SET
         score = score + excluded.score,
         total_upvotes = total_upvotes + excluded.total_upvotes,
         total_downvotes = total_downvotes + excluded.total_downvotes,
         approved_comments = approved_comments + excluded.approved_comments,
         updated_at = excluded.updated_at`,
      change.userId,
      ...delta.params,
      ...up.params,
      ...down.params,
      ...approved.params,
      now,
      ...guard.params,
    ),
  ];
  if (typeof change.delta !== "number" || change.delta < 0) {
    // Only when this change crossed below 0 (the score was 0 or more before it), so a moderator can
    // still approve a restricted user's comment without it bouncing straight back to the queue. (A
    // delta of 0 or more can never cross, so the condition holds only for a loss.) The fall is
    // recorded here; its comments go back to the queue one status change at a time
    // (reputation-falls.ts), which the caller runs once this batch is in.
    statements.push(
      raw(
        db,
        `INSERT INTO reputation_falls (user_id, fell_at)
         SELECT ?, ? WHERE (SELECT score FROM user_reputation WHERE user_id = ?) < 0
           AND (SELECT score FROM user_reputation WHERE user_id = ?) - (${delta.sql}) >= 0
           AND ${guard.sql}
         ON CONFLICT (user_id) DO UPDATE SET fell_at = max(fell_at, excluded.fell_at)`,
        change.userId,
        now,
        change.userId,
        change.userId,
        ...delta.params,
        ...guard.params,
      ),
    );
  }
  return statements;
}

export interface UserReputation {
  userId: string;
  score: number;
  totalUpvotes: number;
  totalDownvotes: number;
  approvedComments: number;
  tier: ReputationTierKey;
  tierLabel: string;
}

/**
 * The id of a user's entry for one kind of change on one UTC day (votes received: one entry a day
 * however many votes, in their ReputationHistory object, ADR 022), e.g. `votes received:u1:2026-11-28`.
 */
export const dailyEntryId = (reason: string, userId: string, at: number) =>
  `${reason}:${userId}:${new Date(at).toISOString().slice(0, 10)}`;

/** A user's reputation; a user without a row has 0 everywhere (a New User). */
export async function getReputation(db: Database, userId: string): Promise<UserReputation> {
  const [row] = await db.select().from(userReputation).where(eq(userReputation.userId, userId));
  const score = row?.score ?? 0;
  const tier = reputationTier(score);
  return {
    userId,
    score,
    totalUpvotes: row?.totalUpvotes ?? 0,
    totalDownvotes: row?.totalDownvotes ?? 0,
    approvedComments: row?.approvedComments ?? 0,
    tier: tier.key,
    tierLabel: tier.label,
  };
}

/** Just the score, for decisions (the consumer's auto-approval). */
export async function reputationScore(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ score: userReputation.score })
    .from(userReputation)
    .where(eq(userReputation.userId, userId));
  return row?.score ?? 0;
}
