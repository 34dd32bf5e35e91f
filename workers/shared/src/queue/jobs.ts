// Queue messages with a recorded life cycle. Cloudflare Queues report no counts, so every job's
// state is kept in D1: sent → pending, consumer start → processing, ack → completed, retries
// exhausted → failed (and the platform moves it to the dead-letter queue). See docs/contracts.md § Queues.
import { and, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { queueJobs } from "../db/schema/index.ts";

export interface JobMessage<P = unknown> {
  jobId: string;
  kind: string;
  payload: P;
}

export type JobHandler<Ctx> = (payload: unknown, ctx: Ctx & { jobId: string; attempt: number }) => Promise<void>;

/** Deliveries before a job counts as failed: the first try plus wrangler.toml's max_retries (3). */
export const MAX_ATTEMPTS = 4;

/** Exponential backoff between retries: 2 s, 4 s, 8 s … capped at 5 minutes. */
export const retryDelaySeconds = (attempt: number) => Math.min(300, 2 ** attempt);

export async function enqueueJob<P>(
  db: Database,
  queue: Queue<JobMessage<P>>,
  queueName: string,
  kind: string,
  payload: P,
  options: { jobId?: string; delaySeconds?: number } = {},
): Promise<string> {
  const jobId = options.jobId ?? crypto.randomUUID();
  const now = Date.now();
  await db
    .insert(queueJobs)
    .values({ id: jobId, queue: queueName, kind, status: "pending", createdAt: now, updatedAt: now });
  try {
    await queue.send(
      { jobId, kind, payload },
      options.delaySeconds ? { delaySeconds: options.delaySeconds } : undefined,
    );
  } catch (err) {
    await db
      .update(queueJobs)
      .set({ status: "failed", lastError: `send failed: ${String(err)}`, updatedAt: Date.now() })
      .where(eq(queueJobs.id, jobId));
    throw err;
  }
  return jobId;
}

function isJobMessage(body: unknown): body is JobMessage {
  return (
    typeof body === "object" &&
    body !== null &&
    typeof (body as JobMessage).jobId === "string" &&
    typeof (body as JobMessage).kind === "string"
  );
}

/**
 * Runs each message through the handler for its kind. Idempotent by job id: a message whose job
 * already completed (a redelivery) is acknowledged without running again.
 */
export async function runJobBatch<Ctx extends object>(
  batch: MessageBatch<unknown>,
  db: Database,
  handlers: Record<string, JobHandler<Ctx>>,
  ctx: Ctx,
): Promise<void> {
  for (const message of batch.messages) {
    if (!isJobMessage(message.body)) {
      console.error(`${batch.queue}: dropping malformed message ${message.id}`);
      message.ack();
      continue;
    }
    const { jobId, kind, payload } = message.body;
    const now = Date.now();
    const [existing] = await db.select({ status: queueJobs.status }).from(queueJobs).where(eq(queueJobs.id, jobId));
    if (existing?.status === "completed") {
      message.ack();
      continue;
    }
    await db
      .insert(queueJobs)
      .values({
        id: jobId,
        queue: batch.queue,
        kind,
        status: "processing",
        attempts: 1,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: queueJobs.id,
        set: { status: "processing", attempts: sql`${queueJobs.attempts} + 1`, updatedAt: now },
      });
    try {
      const handler = handlers[kind];
      if (!handler) throw new Error(`no handler for job kind "${kind}"`);
      await handler(payload, { ...ctx, jobId, attempt: message.attempts });
      await db
        .update(queueJobs)
        .set({ status: "completed", lastError: null, updatedAt: Date.now() })
        .where(eq(queueJobs.id, jobId));
      message.ack();
    } catch (err) {
      const exhausted = message.attempts >= MAX_ATTEMPTS;
      await db
        .update(queueJobs)
        .set({
          status: exhausted ? "failed" : "pending",
          lastError: err instanceof Error ? err.message : String(err),
          updatedAt: Date.now(),
        })
        .where(eq(queueJobs.id, jobId));
      // After the last attempt the platform moves the message to the dead-letter queue.
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
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

/** Job counts per state for one queue, over jobs touched in the last `windowMs`. */
export async function countJobs(db: Database, queueName: string, windowMs: number): Promise<QueueStatusCounts> {
  const rows = await db
    .select({ status: queueJobs.status, n: sql<number>`count(*)` })
    .from(queueJobs)
    .where(and(eq(queueJobs.queue, queueName), gte(queueJobs.updatedAt, Date.now() - windowMs)))
    .groupBy(queueJobs.status);
  const counts: QueueStatusCounts = { pending: 0, processing: 0, completed: 0, failed: 0, total: 0 };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.total += row.n;
  }
  return counts;
}
