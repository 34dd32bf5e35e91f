// Reputation history entries on their way out of D1 (ADR 022 step 18): a change writes its entry to
// `reputation_outbox` in its own batch; this hands the waiting entries to their users' ReputationHistory
// objects and deletes them. Sent right after the change's response (waitUntil), and by the cron for
// whatever a failure left. An entry handed over twice (D1's delete failed after the object took it) is
// kept once: the object keeps entries by id.
import { groupBy } from "@unbiased/worker-shared/collections/group-by";
import type { ExportedReputationEntry } from "@unbiased/worker-shared/contracts/account";
import { createDb, type Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import { handOver } from "./hand-over.ts";
import { reputationHistory } from "./objects.ts";

/** Entries sent per round; the cron's run goes on while rounds come back full, up to ROUNDS of them. */
const PER_ROUND = 200;
const ROUNDS = 10;

interface OutboxRow {
  id: string;
  userId: string;
  delta: number;
  reason: string;
  createdAt: number;
}

const asEntry = (row: OutboxRow): ExportedReputationEntry => ({
  id: row.id,
  delta: row.delta,
  reason: row.reason,
  actorId: null,
  createdAt: row.createdAt,
});

/**
 * Sends what the outbox holds, `rounds` rounds of PER_ROUND at most; returns how many entries left it.
 * A user's object that fails keeps only that user's entries waiting: the others' leave.
 */
export async function deliverReputationOutbox(env: Env, db: Database, rounds = ROUNDS): Promise<number> {
  let sent = 0;
  for (let round = 0; round < rounds; round++) {
    const { results: rows } = await raw(
      db,
      `SELECT id, user_id AS userId, delta, reason, created_at AS createdAt FROM reputation_outbox LIMIT ?`,
      PER_ROUND,
    ).all<OutboxRow>();
    if (rows.length === 0) break;
    const users = [...groupBy(rows, (row) => row.userId, asEntry)];
    const { left } = await handOver(db, "reputation_outbox", users, async (userId, entries) => {
      await reputationHistory(env, userId).record(entries);
      return undefined;
    });
    sent += left;
    if (rows.length < PER_ROUND) break;
  }
  return sent;
}

/**
 * The user's history as their object holds it, with their entries still in the outbox (one the object
 * took already, before its row was deleted, listed once), oldest first (the data export).
 */
export async function reputationHistoryOf(env: Env, db: Database, userId: string): Promise<ExportedReputationEntry[]> {
  // The outbox first: a delivery writes the object before it deletes the row, so an entry that moves
  // meanwhile is in one of the two reads, never in neither.
  const { results: waiting } = await raw(
    db,
    "SELECT id, user_id AS userId, delta, reason, created_at AS createdAt FROM reputation_outbox WHERE user_id = ?",
    userId,
  ).all<OutboxRow>();
  const held = await reputationHistory(env, userId).entries();
  const ids = new Set(held.map((entry) => entry.id));
  return [...held, ...waiting.filter((row) => !ids.has(row.id)).map(asEntry)].sort((a, b) => a.createdAt - b.createdAt);
}

/**
 * Sends the outbox after a change's response, one round (the entries it just wrote are among the few
 * waiting); the cron sends the rest, and whatever a failure left.
 */
export function sendReputationEntriesSoon(env: Env, ctx: Pick<ExecutionContext, "waitUntil">): void {
  ctx.waitUntil(
    deliverReputationOutbox(env, createDb(env.DB), 1).catch((err) =>
      console.error("reputation outbox: sending failed; the cron sends it later:", err),
    ),
  );
}
