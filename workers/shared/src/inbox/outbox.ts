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

/** The most entries one message batch sends (a queue's sendBatch takes at most 100 messages)… */
const DELIVERY_BATCH = 100;
/**
 * …and the most batches one delivery sends, so a change that told many readers at once (a hidden
 * article's reporters) reaches them all now, and a backlog a failure left goes in one cron run, while
 * one call stays well within a request's subrequests.
 */
const DELIVERY_ROUNDS = 20;

/**
 * Sends the waiting entries to the inbox queue, a batch at a time, and deletes each send's rows once
 * the queue has them; returns how many it sent. Safe to run twice at once: the worst case is an entry
 * sent twice, which its reader's object keeps once.
 */
export async function deliverInboxOutbox(db: Database, queue: Queue<InboxMessage>): Promise<number> {
  let sent = 0;
  for (let round = 0; round < DELIVERY_ROUNDS; round++) {
    const batch = await deliverBatch(db, queue);
    sent += batch;
    if (batch < DELIVERY_BATCH) break;
  }
  return sent;
}

async function deliverBatch(db: Database, queue: Queue<InboxMessage>): Promise<number> {
  // In no particular order: a row lives seconds, and an index on its time would double its writes.
  const { results } = await raw(db, "SELECT entry_id, user_id, entry FROM inbox_outbox LIMIT ?", DELIVERY_BATCH).all<{
    entry_id: string;
    user_id: string;
    entry: string;
  }>();
  for (const part of partsUnder(results, QUEUE_BATCH_BYTES)) {
    await queue.sendBatch(
      part.map((row) => ({ body: { userId: row.user_id, entry: JSON.parse(row.entry) as InboxEntryInput } })),
    );
    // The keys as one JSON parameter: a query takes at most 100 bound parameters, and a batch's keys are 200.
    await raw(
      db,
      `DELETE FROM inbox_outbox WHERE (user_id, entry_id) IN
         (SELECT value ->> 0, value ->> 1 FROM json_each(?))`,
      JSON.stringify(part.map((row) => [row.user_id, row.entry_id])),
    ).run();
  }
  return results.length;
}

/**
 * A queue's sendBatch takes at most 256 KB of messages: the rows in consecutive parts of at most this
 * many bytes of entry (plus each message's envelope), so a hundred entries about the longest addresses
 * a reader may submit go in several sends instead of failing together for ever.
 */
const QUEUE_BATCH_BYTES = 192 * 1024;
const MESSAGE_ENVELOPE_BYTES = 256;

function partsUnder<T extends { entry: string; user_id: string }>(rows: readonly T[], limit: number): T[][] {
  const parts: T[][] = [];
  let part: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    // At most two bytes a character as the queue serializes strings (UTF-16 at worst).
    const size = (row.entry.length + row.user_id.length) * 2 + MESSAGE_ENVELOPE_BYTES;
    if (part.length > 0 && bytes + size > limit) {
      parts.push(part);
      part = [];
      bytes = 0;
    }
    part.push(row);
    bytes += size;
  }
  if (part.length > 0) parts.push(part);
  return parts;
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
