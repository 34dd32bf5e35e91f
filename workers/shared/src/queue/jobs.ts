// Queue messages with a recorded life cycle. Cloudflare Queues report no counts, so every job's
// state is kept in D1: sent → pending, consumer start → processing, ack → completed, retries
// exhausted → failed (and the platform moves it to the dead-letter queue, whose consumer confirms
// the failure and logs it once). A permanent failure is failed and acknowledged at once, never
// retried. See docs/contracts.md § Queues and docs/decisions/003-queue-job-tracking.md.
import { and, eq, gte, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client.ts";
import { queueJobs } from "../db/schema/index.ts";
import { innermostError, type LogFields, logLine } from "../http/trace.ts";

export interface JobMessage<P = unknown> {
  jobId: string;
  kind: string;
  payload: P;
  /** The request that queued the job (trace.ts), so the consumer's log line shares its id. */
  requestId?: string;
}

export type JobHandler<Ctx> = (payload: unknown, ctx: Ctx & { jobId: string; attempt: number }) => Promise<void>;

/**
 * A failure no retry can fix (a refused URL, a 4xx answer, a page that is not HTML): the job is marked
 * failed and its message acknowledged at once. Handlers throw it, or an error with `permanent: true`.
 */
export class PermanentJobError extends Error {
  readonly permanent = true;
}

export const isPermanentFailure = (err: unknown): boolean =>
  typeof err === "object" && err !== null && (err as { permanent?: unknown }).permanent === true;

/** Every dead-letter queue is named after its queue with this suffix (wrangler.toml). */
export const DEAD_LETTER_SUFFIX = "-dlq";

/** Exponential backoff between retries: 2 s, 4 s, 8 s … capped at 5 minutes. */
export const retryDelaySeconds = (attempt: number) => Math.min(300, 2 ** attempt);

/**
 * A queue that refused a message (unavailable, over its limits): the platform's failure, not the
 * request's, so a route answers it like D1's, 503 with Retry-After and its own message
 * (http/unavailable.ts reads `retryable`), and the job row says why it never ran.
 */
export class QueueSendError extends Error {
  override name = "QueueSendError";
  readonly retryable = true;
  constructor(queueName: string, cause: unknown) {
    super(`Queue ${queueName} refused a message: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export async function enqueueJob<P>(
  db: Database,
  queue: Queue<JobMessage<P>>,
  queueName: string,
  kind: string,
  payload: P,
  options: { jobId?: string; delaySeconds?: number; requestId?: string; alongside?: BatchItem<"sqlite">[] } = {},
): Promise<string> {
  const jobId = options.jobId ?? crypto.randomUUID();
  const now = Date.now();
  const jobRow = db
    .insert(queueJobs)
    .values({ id: jobId, queue: queueName, kind, status: "pending", createdAt: now, updatedAt: now });
  // The caller's own rows (e.g. the submission this job completes) are written in the job row's batch:
  // both or neither, so a D1 failure here leaves no record of work that was never queued.
  await db.batch([jobRow, ...(options.alongside ?? [])]);
  try {
    await queue.send(
      { jobId, kind, payload, ...(options.requestId ? { requestId: options.requestId } : {}) },
      options.delaySeconds ? { delaySeconds: options.delaySeconds } : undefined,
    );
  } catch (err) {
    const refused = new QueueSendError(queueName, err);
    await db
      .update(queueJobs)
      .set({ status: "failed", lastError: refused.message, updatedAt: Date.now() })
      .where(eq(queueJobs.id, jobId));
    throw refused;
  }
  return jobId;
}

export function isJobMessage(body: unknown): body is JobMessage {
  return (
    typeof body === "object" &&
    body !== null &&
    typeof (body as JobMessage).jobId === "string" &&
    typeof (body as JobMessage).kind === "string"
  );
}

/**
 * Runs each message through the handler for its kind. Idempotent by job id: a message whose job
 * already completed (a redelivery) is acknowledged without running again. A batch from a dead-letter
 * queue goes to runDeadLetterBatch instead, so a worker only has to consume its DLQ (wrangler.toml).
 *
 * Every D1 write of the life cycle sits inside the error handling: if D1 itself fails, the message is
 * retried (and after the last attempt the dead-letter consumer marks the job failed), so no job stays
 * `processing` for ever.
 */
export async function runJobBatch<Ctx extends object>(
  batch: MessageBatch<unknown>,
  db: Database,
  handlers: Record<string, JobHandler<Ctx>>,
  ctx: Ctx,
  onDeadLetter?: DeadLetterHandler,
): Promise<void> {
  if (batch.queue.endsWith(DEAD_LETTER_SUFFIX)) return runDeadLetterBatch(batch, db, onDeadLetter);
  for (const message of batch.messages) {
    try {
      await runMessage(message, batch.queue, db, handlers, ctx);
    } catch (err) {
      console.error(`${batch.queue}: job life cycle failed for message ${message.id}, retrying:`, errorText(err));
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/**
 * What a failed job records and logs: the innermost cause's message. Drizzle wraps D1's error in
 * "Failed query: <sql> params: <values>", which says neither what failed (D1_ERROR: …) nor is fit for
 * a log (the values are users' data).
 */
export function errorText(err: unknown): string {
  const cause = innermostError(err);
  return cause instanceof Error ? cause.message : String(cause);
}

async function runMessage<Ctx extends object>(
  message: Message<unknown>,
  queue: string,
  db: Database,
  handlers: Record<string, JobHandler<Ctx>>,
  ctx: Ctx,
): Promise<void> {
  if (!isJobMessage(message.body)) {
    console.error(`${queue}: dropping malformed message ${message.id}`);
    message.ack();
    return;
  }
  const { jobId, kind, payload, requestId } = message.body;
  const now = Date.now();
  const log = (outcome: string, extra: LogFields = {}) =>
    logLine(outcome === "completed" ? "info" : "error", {
      msg: "job",
      queue,
      kind,
      jobId,
      requestId,
      outcome,
      attempt: message.attempts,
      ms: Date.now() - now,
      ...extra,
    });
  const [existing] = await db.select({ status: queueJobs.status }).from(queueJobs).where(eq(queueJobs.id, jobId));
  if (existing?.status === "completed") {
    message.ack();
    return;
  }
  await db
    .insert(queueJobs)
    .values({ id: jobId, queue, kind, status: "processing", attempts: 1, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: queueJobs.id,
      set: { status: "processing", attempts: sql`${queueJobs.attempts} + 1`, updatedAt: now },
    });
  let failure: unknown = null;
  try {
    const handler = handlers[kind];
    // Retried, not permanent: a newer producer may be deployed before this consumer learns the kind.
    if (!handler) throw new Error(`no handler for job kind "${kind}"`);
    await handler(payload, { ...ctx, jobId, attempt: message.attempts });
  } catch (err) {
    failure = err ?? new Error("unknown failure");
  }
  if (failure === null) {
    await db
      .update(queueJobs)
      .set({ status: "completed", lastError: null, updatedAt: Date.now() })
      .where(eq(queueJobs.id, jobId));
    message.ack();
    log("completed");
    return;
  }
  // How many retries a job gets is written once, as the consumer's max_retries in wrangler.toml: this
  // code never counts them. A transient failure waits for its retry as pending; when the retries run
  // out the platform moves the message to the dead-letter queue, whose consumer marks the job failed.
  const permanent = isPermanentFailure(failure);
  await db
    .update(queueJobs)
    .set({ status: permanent ? "failed" : "pending", lastError: errorText(failure), updatedAt: Date.now() })
    .where(eq(queueJobs.id, jobId));
  if (permanent) {
    // Never retried and never dead-lettered: this is the one log line for it.
    log("failed permanently", { error: errorText(failure) });
    message.ack();
    return;
  }
  // After the last attempt the platform moves the message to the dead-letter queue.
  message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  log("retry", { error: errorText(failure) });
}

/** What a worker does besides marking the job failed when a job's retries have run out (e.g. fail a submission). */
export type DeadLetterHandler = (job: JobMessage, lastError: string) => Promise<void>;

/**
 * The dead-letter queue's consumer: each message is a job whose retries ran out. Its job is marked
 * failed (unless it completed after all), in case the last attempt could not record that itself, with
 * its message body for a replay (queue/replay.ts), and logged once, here.
 */
export async function runDeadLetterBatch(
  batch: MessageBatch<unknown>,
  db: Database,
  onDeadLetter?: DeadLetterHandler,
): Promise<void> {
  const queue = batch.queue.slice(0, -DEAD_LETTER_SUFFIX.length);
  for (const message of batch.messages) {
    if (!isJobMessage(message.body)) {
      console.error(`${batch.queue}: dropping malformed message ${message.id}`);
      message.ack();
      continue;
    }
    const { jobId, kind } = message.body;
    // Kept with the failed job, so an operator can replay it once its cause is fixed (queue/replay.ts).
    const body = JSON.stringify(message.body);
    try {
      const now = Date.now();
      const [row] = await db
        .insert(queueJobs)
        .values({
          id: jobId,
          queue,
          kind,
          status: "failed",
          attempts: message.attempts,
          lastError: "retries exhausted",
          body,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: queueJobs.id,
          set: {
            status: "failed",
            lastError: sql`coalesce(${queueJobs.lastError}, 'retries exhausted')`,
            body,
            updatedAt: now,
          },
          setWhere: ne(queueJobs.status, "completed"),
        })
        .returning({ lastError: queueJobs.lastError });
      if (row) {
        console.error(`${queue}: job ${jobId} (${kind}) failed after its retries: ${row.lastError}`);
        // A redelivery of this message runs it again: the worker's part must be idempotent.
        await onDeadLetter?.(message.body, row.lastError ?? "retries exhausted");
      }
      message.ack();
    } catch (err) {
      console.error(`${batch.queue}: could not record the failure of job ${jobId}:`, errorText(err));
      message.retry();
    }
  }
}

export interface QueueStatusCounts {
  pending: number;
  processing: number;
  completed: number;
  failed: number;
  total: number;
}

/**
 * Message counts per state for one queue, over jobs touched in the last `windowMs`; with `kinds`, only jobs
 * of those kinds (`except`: every kind but those).
 */
export async function countJobs(
  db: Database,
  queueName: string,
  windowMs: number,
  kinds?: { only: readonly string[] } | { except: readonly string[] },
): Promise<QueueStatusCounts> {
  const kindFilter =
    kinds === undefined
      ? undefined
      : "only" in kinds
        ? inArray(queueJobs.kind, [...kinds.only])
        : notInArray(queueJobs.kind, [...kinds.except]);
  const rows = await db
    // A row may stand for many messages (a vote-events batch, ADR 022): messages are what is counted.
    .select({ status: queueJobs.status, n: sql<number>`sum(${queueJobs.items})` })
    .from(queueJobs)
    .where(and(eq(queueJobs.queue, queueName), gte(queueJobs.updatedAt, Date.now() - windowMs), kindFilter))
    .groupBy(queueJobs.status);
  const counts: QueueStatusCounts = { pending: 0, processing: 0, completed: 0, failed: 0, total: 0 };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.total += row.n;
  }
  return counts;
}
