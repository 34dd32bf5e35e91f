// queue_jobs rows of the vote-events queue (ADR 003, per batch since ADR 022): a consumer batch that
// is written whole is one `completed` row counting its messages (`items`), written in the same D1
// transaction as its events; only a message that fails gets a row of its own, so its retries, its
// dead-lettering (failed, with its body) and a later replay follow it by its job id.

import type { Database } from "@unbiased/worker-shared/db/client";
import { deleteInChunks } from "@unbiased/worker-shared/db/delete-in-chunks";
import { queueJobs } from "@unbiased/worker-shared/db/schema/index";
import { and, eq, inArray, lt, sql } from "drizzle-orm";

/** D1 binds at most 100 parameters per statement. */
const ID_CHUNK = 90;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The messages of a batch that have a row of their own (failed before, or replayed), by status. */
export async function trackedJobs(db: Database, ids: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks(ids, ID_CHUNK)) {
    const rows = await db
      .select({ id: queueJobs.id, status: queueJobs.status })
      .from(queueJobs)
      .where(inArray(queueJobs.id, part));
    for (const row of rows) found.set(row.id, row.status);
  }
  return found;
}

/** One row for the messages of a batch written together (none when every message had a row). */
export const batchCompletedStatement = (db: Database, queue: string, kind: string, items: number, now: number) =>
  db.insert(queueJobs).values({
    id: crypto.randomUUID(),
    queue,
    kind,
    status: "completed",
    attempts: 1,
    items,
    createdAt: now,
    updatedAt: now,
  });

/** Messages that had a row of their own (a retry, a replay): completed now. */
export const markCompletedStatement = (db: Database, ids: string[], now: number) =>
  db.update(queueJobs).set({ status: "completed", lastError: null, updatedAt: now }).where(inArray(queueJobs.id, ids));

/**
 * After a failed attempt: the message's own row, pending for the retry that follows. When the retries
 * (wrangler.toml's max_retries, the one place they are counted) run out, the dead-letter consumer
 * marks it failed.
 */
export async function markFailure(
  db: Database,
  queue: string,
  job: { id: string; kind: string; attempts: number },
  error: string,
): Promise<void> {
  const now = Date.now();
  await db
    .insert(queueJobs)
    .values({
      id: job.id,
      queue,
      kind: job.kind,
      status: "pending",
      attempts: job.attempts,
      lastError: error,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: queueJobs.id,
      set: { status: "pending", attempts: sql`${queueJobs.attempts} + 1`, lastError: error, updatedAt: now },
    });
}

/** Removes this queue's job rows older than the status window (they no longer count anywhere). */
export async function purgeJobs(db: Database, queue: string, before: number): Promise<number> {
  const old = and(eq(queueJobs.queue, queue), lt(queueJobs.updatedAt, before));
  return old ? deleteInChunks(db, queueJobs, old) : 0;
}
