// Queue jobs tracked per consumer batch (ADR 003, amended by ADR 022): nothing is written when a message
// is sent; a consumer batch whose messages all succeeded is one `completed` row counting them (`items`).
// Only a message that fails gets a row of its own (its id is the job id), so its retries, its
// dead-lettering (failed, with its body) and a later replay follow it as ADR 003's per-message rows do.
// The vote-events consumer writes that row in the transaction of its events; the comment-events
// consumer after its messages' handlers, which must be idempotent (a redelivery runs them again).

import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deleteInChunks } from "../db/delete-in-chunks.ts";
import { runBatch } from "../db/raw-batch.ts";
import { queueJobs } from "../db/schema/index.ts";
import { logLine } from "../http/trace.ts";
import {
  DEAD_LETTER_SUFFIX,
  errorText,
  isJobMessage,
  isPermanentFailure,
  type JobHandler,
  type JobMessage,
  QueueSendError,
  retryDelaySeconds,
  runDeadLetterBatch,
} from "./jobs.ts";

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
 * marks it failed. A permanent failure (never retried) is `failed` at once.
 */
export async function markFailure(
  db: Database,
  queue: string,
  job: { id: string; kind: string; attempts: number },
  error: string,
  status: "pending" | "failed" = "pending",
): Promise<void> {
  const now = Date.now();
  await db
    .insert(queueJobs)
    .values({
      id: job.id,
      queue,
      kind: job.kind,
      status,
      attempts: job.attempts,
      lastError: error,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: queueJobs.id,
      set: { status, attempts: sql`${queueJobs.attempts} + 1`, lastError: error, updatedAt: now },
    });
}

/** Removes this queue's job rows older than the status window (they no longer count anywhere). */
export async function purgeJobs(db: Database, queue: string, before: number): Promise<number> {
  const old = and(eq(queueJobs.queue, queue), lt(queueJobs.updatedAt, before));
  return old ? deleteInChunks(db, queueJobs, old) : 0;
}

/**
 * Sends one job with no row of its own (the consumer counts it with its batch). A queue that refuses
 * it throws QueueSendError, as enqueueJob does, after writing the job's own row as `failed` with its
 * body: Queue Status shows it and the dead-letter replay sends it again once the queue is back.
 */
export async function sendBatchTrackedJob<P>(
  db: Database,
  queue: Queue<JobMessage<P>>,
  queueName: string,
  kind: string,
  payload: P,
  options: { jobId?: string; requestId?: string } = {},
): Promise<string> {
  const jobId = options.jobId ?? crypto.randomUUID();
  const body: JobMessage<P> = { jobId, kind, payload, ...(options.requestId ? { requestId: options.requestId } : {}) };
  try {
    await queue.send(body);
  } catch (err) {
    const refused = new QueueSendError(queueName, err);
    const now = Date.now();
    await db
      .insert(queueJobs)
      .values({
        id: jobId,
        queue: queueName,
        kind,
        status: "failed",
        attempts: 0,
        lastError: refused.message,
        body: JSON.stringify(body),
        createdAt: now,
        updatedAt: now,
      })
      .catch((recordErr) =>
        console.error(`${queueName}: could not record refused job ${jobId}:`, errorText(recordErr)),
      );
    throw refused;
  }
  return jobId;
}

/**
 * The record of messages that succeeded together: per kind, one row counting those without a row, and
 * `completed` on the rows of those that had one (`tracked`, from trackedJobs).
 */
export function completedBatchStatements(
  db: Database,
  queue: string,
  done: { jobId: string; kind: string }[],
  tracked: Map<string, string>,
  now = Date.now(),
) {
  const untracked = new Map<string, number>();
  for (const job of done) if (!tracked.has(job.jobId)) untracked.set(job.kind, (untracked.get(job.kind) ?? 0) + 1);
  const withRow = done.filter((job) => tracked.has(job.jobId)).map((job) => job.jobId);
  return [
    ...[...untracked].map(([kind, items]) => batchCompletedStatement(db, queue, kind, items, now)),
    ...chunks(withRow, ID_CHUNK).map((ids) => markCompletedStatement(db, ids, now)),
  ];
}

/** Acknowledged, with the job's log line (its request id is the producer's, trace.ts). */
export function jobCompleted(queue: string, message: Message<JobMessage>): void {
  message.ack();
  logLine("info", {
    msg: "job",
    queue,
    kind: message.body.kind,
    jobId: message.body.jobId,
    requestId: message.body.requestId,
    outcome: "completed",
    attempt: message.attempts,
  });
}

/**
 * A message that failed gets its own row: pending with a retry (when the retries run out the platform
 * dead-letters it, marked failed there), or failed and acknowledged at once for a permanent failure.
 */
export async function jobFailed(
  db: Database,
  queue: string,
  message: Message<JobMessage>,
  failure: unknown,
): Promise<void> {
  const error = errorText(failure);
  const permanent = isPermanentFailure(failure);
  const job = { id: message.body.jobId, kind: message.body.kind, attempts: message.attempts };
  await markFailure(db, queue, job, error, permanent ? "failed" : "pending");
  if (permanent) message.ack();
  else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  logLine("error", {
    msg: "job",
    queue,
    kind: message.body.kind,
    jobId: message.body.jobId,
    requestId: message.body.requestId,
    outcome: permanent ? "failed permanently" : "retry",
    attempt: message.attempts,
    error,
  });
}

/**
 * The batch's job messages, malformed ones acknowledged and dropped, and those already completed (a
 * redelivery after their own row was completed) acknowledged without running again; with the rows of
 * those that have one.
 */
export async function jobsToRun(
  batch: MessageBatch<unknown>,
  db: Database,
): Promise<{ todo: Message<JobMessage>[]; tracked: Map<string, string> }> {
  const jobs = batch.messages.filter((message) => {
    if (isJobMessage(message.body)) return true;
    console.error(`${batch.queue}: dropping malformed message ${message.id}`);
    message.ack();
    return false;
  }) as Message<JobMessage>[];
  if (jobs.length === 0) return { todo: [], tracked: new Map() };
  const tracked = await trackedJobs(
    db,
    jobs.map((m) => m.body.jobId),
  );
  const todo = jobs.filter((m) => {
    if (tracked.get(m.body.jobId) !== "completed") return true;
    m.ack();
    return false;
  });
  return { todo, tracked };
}

/**
 * runJobBatch's counterpart for a queue tracked per batch: each message runs through the handler for
 * its kind (one at a time, as there); those that succeeded are recorded together, then acknowledged;
 * each failure has its own row. Handlers must be idempotent: a message whose record could not be
 * written is retried and runs again, and so does a redelivered one.
 */
export async function runJobsTrackedPerBatch<Ctx extends object>(
  batch: MessageBatch<unknown>,
  db: Database,
  handlers: Record<string, JobHandler<Ctx>>,
  ctx: Ctx,
): Promise<void> {
  if (batch.queue.endsWith(DEAD_LETTER_SUFFIX)) return runDeadLetterBatch(batch, db);
  let todo: Message<JobMessage>[];
  let tracked: Map<string, string>;
  try {
    ({ todo, tracked } = await jobsToRun(batch, db));
  } catch (err) {
    console.error(`${batch.queue}: could not read the batch's job rows, retrying it:`, errorText(err));
    batch.retryAll();
    return;
  }
  const done: Message<JobMessage>[] = [];
  for (const message of todo) {
    const { kind, payload, jobId } = message.body;
    try {
      const handler = handlers[kind];
      // Retried, not permanent: a newer producer may be deployed before this consumer learns the kind.
      if (!handler) throw new Error(`no handler for job kind "${kind}"`);
      await handler(payload, { ...ctx, jobId, attempt: message.attempts });
      done.push(message);
    } catch (err) {
      try {
        await jobFailed(db, batch.queue, message, err ?? new Error("unknown failure"));
      } catch (recordErr) {
        console.error(`${batch.queue}: could not record job ${jobId}'s failure, retrying:`, errorText(recordErr));
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }
  }
  if (done.length === 0) return;
  try {
    await runBatch(
      db,
      completedBatchStatements(
        db,
        batch.queue,
        done.map((m) => m.body),
        tracked,
      ),
    );
  } catch (err) {
    // Their work is done and idempotent: the redelivery runs it again (changing nothing) and records it.
    console.error(`${batch.queue}: could not record ${done.length} completed jobs, retrying them:`, errorText(err));
    for (const message of done) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    return;
  }
  for (const message of done) jobCompleted(batch.queue, message);
}
