// Hands vote-events messages to the real consumer, the way the queue (or its dead-letter queue) would.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import worker from "../../src/index.ts";
import { VOTE_EVENTS_QUEUE } from "../../src/jobs/vote-events.ts";

export interface Delivery {
  id: string;
  body: JobMessage;
  /** 1 for the first delivery; the queue counts retries up from there. */
  attempts?: number;
}

async function run(queue: string, messages: Delivery[]) {
  const batch = createMessageBatch<JobMessage>(
    queue,
    messages.map((m) => ({ id: m.id, timestamp: new Date(), attempts: m.attempts ?? 1, body: m.body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

export const deliver = (messages: Delivery[]) => run(VOTE_EVENTS_QUEUE, messages);

/** What the platform does once a message's retries (wrangler.toml's max_retries) have run out. */
export const deliverDeadLetter = (messages: Delivery[]) => run(`${VOTE_EVENTS_QUEUE}-dlq`, messages);
