// Hands jobs to the real ingestion consumer, the way the queue would deliver them.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { type ArticleIngestPayload, INGEST_JOBS, INGEST_QUEUE_NAME } from "@unbiased/worker-shared/contracts/ingest";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import worker from "../../src/index.ts";

let counter = 0;

export interface Delivery {
  kind: string;
  payload: unknown;
  jobId?: string;
  /** 1 for the first delivery; the queue counts retries up from there. */
  attempts?: number;
}

/** Runs one batch through the consumer; `bindings` override the test environment's for this batch (PEXELS_API_KEY is an optional secret, so not in Env). */
export async function deliver(deliveries: Delivery[], bindings: Partial<Env> & { PEXELS_API_KEY?: string } = {}) {
  const messages = deliveries.map((d) => {
    const id = `message-${++counter}`;
    return {
      id,
      timestamp: new Date(),
      attempts: d.attempts ?? 1,
      body: { jobId: d.jobId ?? `job-${counter}`, kind: d.kind, payload: d.payload } satisfies JobMessage,
    };
  });
  const batch = createMessageBatch<JobMessage>(INGEST_QUEUE_NAME, messages);
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...bindings }, ctx);
  return { result: await getQueueResult(batch, ctx), messages };
}

/** Runs deliveries through the dead-letter queue's consumer (the platform's hand-off after the last retry). */
export async function deliverDeadLetter(deliveries: Delivery[]) {
  const batch = createMessageBatch<JobMessage>(
    `${INGEST_QUEUE_NAME}-dlq`,
    deliveries.map((d) => ({
      id: `dead-${++counter}`,
      timestamp: new Date(),
      attempts: 1,
      body: { jobId: d.jobId ?? `job-${counter}`, kind: d.kind, payload: d.payload } satisfies JobMessage,
    })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

export const ingestJob = (payload: ArticleIngestPayload, extra: Omit<Delivery, "kind" | "payload"> = {}): Delivery => ({
  kind: INGEST_JOBS.ingestArticle,
  payload,
  ...extra,
});
export const pollJob = (extra: Omit<Delivery, "kind" | "payload"> = {}): Delivery => ({
  kind: INGEST_JOBS.pollSources,
  payload: {},
  ...extra,
});

export async function jobStatus(jobId: string) {
  return env.DB.prepare("SELECT status, attempts, last_error AS lastError FROM queue_jobs WHERE id = ?")
    .bind(jobId)
    .first<{ status: string; attempts: number; lastError: string | null }>();
}

export const count = async (table: string, where = "1") =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).first<{ n: number }>())!.n;

export const contentVersion = async () =>
  (await env.DB.prepare("SELECT version FROM content_version WHERE id = 1").first<{ version: number }>())!.version;
