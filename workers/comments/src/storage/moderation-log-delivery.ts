// The moderation log's entries on their way out of D1 (ADR 022 step 20). Every action writes its entry
// to `moderation_log` in its own batch (worker-shared's moderation-log.ts, unchanged), so an action
// and its entry still land together or not at all; this moves the waiting entries to their months'
// ModerationLogMonth objects and deletes them from D1. The comments worker's cron runs it, and every
// read of the log runs it first, so a reader sees every entry logged before the read.
//
// Newest first: were a backlog ever longer than a read's rounds (the one-time move of the entries D1
// kept before), the log's first pages are complete first.
import { groupBy } from "@unbiased/worker-shared/collections/group-by";
import { logMonthOf, type StoredModerationEntry } from "@unbiased/worker-shared/contracts/moderation-log-store";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw, runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { handOver } from "./hand-over.ts";
import { moderationLogMonth } from "./objects.ts";

/** Entries moved per round; a run goes on while rounds come back full, up to its number of rounds. */
const PER_ROUND = 200;
/** A read's run (and the admin call's): 2,000 entries at most before it answers. */
const READ_DELIVERY_ROUNDS = 10;
/**
 * The cron's run, every 5 minutes: 20,000 entries at most (67 a second, against about 3.5 a second on
 * average at 10 M readers a day), so a peak drains within a run or two.
 */
export const CRON_DELIVERY_ROUNDS = 100;

/** What a run moved, and whether entries still wait (a run that ended at its last round). */
export interface LogDelivery {
  moved: number;
  more: boolean;
}

/**
 * Moves up to `rounds` rounds of waiting entries. A month's object that fails keeps that month's
 * entries waiting and throws after the others left; an entry moved twice (its D1 delete failed after
 * the object took it) is kept once. An entry whose id its month holds for another entry (ids D1 gave
 * again after a restore to an earlier time) stays in D1, reported, never dropped; a round that moves
 * nothing else ends the run.
 */
export async function deliverModerationLog(
  env: Env,
  db: Database,
  rounds = READ_DELIVERY_ROUNDS,
): Promise<LogDelivery> {
  let moved = 0;
  for (let round = 0; round < rounds; round++) {
    const { results: rows } = await raw(
      db,
      `SELECT id, actor_id AS actorId, action, target_type AS targetType, target_id AS targetId, reason, details,
         created_at AS createdAt
       FROM moderation_log ORDER BY id DESC LIMIT ?`,
      PER_ROUND,
    ).all<StoredModerationEntry>();
    if (rows.length === 0) return { moved, more: false };
    const months = [...groupBy(rows, (row) => logMonthOf(row.createdAt))];
    // The months and actors are listed before the entries move: a read only asks the months listed,
    // and finds a moderator by name among the actors listed.
    await runBatch(db, [
      raw(
        db,
        "INSERT OR IGNORE INTO moderation_log_months (month) SELECT value FROM json_each(?)",
        JSON.stringify(months.map(([month]) => month)),
      ),
      raw(
        db,
        "INSERT OR IGNORE INTO moderation_log_actors (actor_id) SELECT DISTINCT value FROM json_each(?)",
        JSON.stringify([...new Set(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])))]),
      ),
    ]);
    // An id its month holds for another entry is kept back (the object's `record` returns them).
    const { left, keptBack } = await handOver(db, "moderation_log", months, (month, entries) =>
      moderationLogMonth(env, month).record(entries),
    );
    if (keptBack.length > 0)
      console.error(
        `moderation log: ${keptBack.length} entries kept in D1, their ids taken in their months:`,
        keptBack,
      );
    moved += left;
    if (rows.length < PER_ROUND || left === 0) return { moved, more: false };
  }
  return { moved, more: true };
}
