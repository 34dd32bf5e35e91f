// The inbox outbox (docs/decisions/026-inbox.md): a worker writes an entry for a reader in the D1 batch
// of the change it tells of (inbox_outbox), then sends what the table holds to the inbox queue, whose
// consumer (the gateway) puts each entry in its reader's Inbox object. Sending is at least once: a row
// is deleted only after the queue took it, and the object keeps one entry per id.

import type { InboxEntryInput, InboxMessage } from "../contracts/inbox.ts";
import { createDb, type Database } from "../db/client.ts";
import { raw } from "../db/raw-batch.ts";

/** A condition the entry is written under (SQL and its parameters), e.g. that a status update happened. */
export interface EntryCondition {
  sql: string;
  params: unknown[];
}

const ALWAYS: EntryCondition = { sql: "1", params: [] };

/**
 * The statement that writes `entry` for the reader `recipient`, when `condition` holds. The recipient
 * is a user id, or a query selecting one as `user_id` (e.g. a parent comment's author): no row when it
 * finds none.
 */
export function inboxEntryStatement(
  db: Database,
  recipient: string | { sql: string; params: unknown[] },
  entry: InboxEntryInput,
  condition: EntryCondition = ALWAYS,
  now = Date.now(),
): D1PreparedStatement {
  const who = typeof recipient === "string" ? { sql: "SELECT ? AS user_id", params: [recipient] } : recipient;
  return raw(
    db,
    `INSERT OR IGNORE INTO inbox_outbox (entry_id, user_id, entry, created_at)
     SELECT ?, recipient.user_id, ?, ? FROM (${who.sql}) AS recipient
     WHERE recipient.user_id IS NOT NULL AND ${condition.sql}`,
    entry.id,
    JSON.stringify(entry),
    now,
    ...who.params,
    ...condition.params,
  );
}

/** The most entries one delivery sends (a queue's sendBatch takes at most 100 messages). */
const DELIVERY_BATCH = 100;

/**
 * Sends the oldest waiting entries to the inbox queue and deletes them once it has them. Safe to run
 * twice at once: the worst case is an entry sent twice, which its reader's object keeps once.
 */
export async function deliverInboxOutbox(db: Database, queue: Queue<InboxMessage>): Promise<number> {
  // In no particular order: a row lives seconds, and an index on its time would double its writes.
  const { results } = await raw(db, "SELECT entry_id, user_id, entry FROM inbox_outbox LIMIT ?", DELIVERY_BATCH).all<{
    entry_id: string;
    user_id: string;
    entry: string;
  }>();
  if (results.length === 0) return 0;
  await queue.sendBatch(
    results.map((row) => ({ body: { userId: row.user_id, entry: JSON.parse(row.entry) as InboxEntryInput } })),
  );
  await raw(
    db,
    `DELETE FROM inbox_outbox WHERE (user_id, entry_id) IN (VALUES ${results.map(() => "(?, ?)").join(", ")})`,
    ...results.flatMap((row) => [row.user_id, row.entry_id]),
  ).run();
  return results.length;
}

/**
 * Sends the entries a change wrote after its response (waitUntil), so the reader's bell counts them
 * within seconds; what a failure leaves behind, the comments worker's cron sends.
 */
export function sendInboxEntriesSoon(
  env: { DB: D1Database; INBOX_QUEUE: Queue<InboxMessage> },
  ctx: Pick<ExecutionContext, "waitUntil">,
): void {
  ctx.waitUntil(
    deliverInboxOutbox(createDb(env.DB), env.INBOX_QUEUE).catch((err) =>
      console.error("inbox outbox: sending failed; the cron sends it later:", err),
    ),
  );
}
