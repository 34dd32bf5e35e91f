// queue_jobs rows of the vote-events queue, read and written a batch at a time (ADR 003's life cycle).

import type { Database } from "@unbiased/worker-shared/db/client";
import { queueJobs } from "@unbiased/worker-shared/db/schema/index";
import { and, eq, inArray, lt, sql } from "drizzle-orm";

/** D1 binds at most 100 parameters per statement. */
const ID_CHUNK = 90;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function completedJobIds(db: Database, ids: string[]): Promise<Set<string>> {
  const done = new Set<string>();
  for (const part of chunks(ids, ID_CHUNK)) {
    const rows = await db
      .select({ id: queueJobs.id })
      .from(queueJobs)
      .where(and(inArray(queueJobs.id, part), eq(queueJobs.status, "completed")));
    for (const row of rows) done.add(row.id);
  }
  return done;
}

/** Consumer start: processing, one more attempt (a row is created if the producer's is missing). */
export async function markProcessing(db: Database, queue: string, jobs: { id: string; kind: string }[]): Promise<void> {
  const now = Date.now();
  const [first, ...rest] = jobs.map((job) =>
    db
      .insert(queueJobs)
      .values({ id: job.id, queue, kind: job.kind, status: "processing", attempts: 1, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: queueJobs.id,
        set: { status: "processing", attempts: sql`${queueJobs.attempts} + 1`, updatedAt: now },
      }),
  );
  if (first) await db.batch([first, ...rest]);
}

export const markCompletedStatement = (db: Database, id: string, now: number) =>
  db.update(queueJobs).set({ status: "completed", lastError: null, updatedAt: now }).where(eq(queueJobs.id, id));

/**
 * After a failed attempt: pending again, for the retry that follows. When the retries (wrangler.toml's
 * max_retries, the one place they are counted) run out, the dead-letter consumer marks it failed.
 */
export async function markFailure(db: Database, id: string, error: string): Promise<void> {
  await db
    .update(queueJobs)
    .set({ status: "pending", lastError: error, updatedAt: Date.now() })
    .where(eq(queueJobs.id, id));
}

/** Removes this queue's job rows older than the status window (they no longer count anywhere). */
export async function purgeJobs(db: Database, queue: string, before: number): Promise<number> {
  const result = await db.delete(queueJobs).where(and(eq(queueJobs.queue, queue), lt(queueJobs.updatedAt, before)));
  return result.meta.changes ?? 0;
}
