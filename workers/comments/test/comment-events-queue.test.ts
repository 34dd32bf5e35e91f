import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { describe, expect, it } from "vitest";
import worker from "../src/index.ts";
import { COMMENT_EVENTS_QUEUE } from "../src/jobs/comment-events.ts";

async function deliver(body: unknown, attempts = 1, queue = COMMENT_EVENTS_QUEUE) {
  const batch = createMessageBatch(queue, [{ id: "m1", timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<JobMessage>, env, ctx);
  return getQueueResult(batch, ctx);
}

const job = (id: string) =>
  env.DB.prepare("SELECT status, attempts, last_error FROM queue_jobs WHERE id = ?").bind(id).first();

describe("comment-events queue consumer", () => {
  it("keeps a job of an unknown kind for retry, then the dead-letter consumer fails it instead of losing it", async () => {
    const body: JobMessage = { jobId: "c-1", kind: "comment.unknown", payload: {} };
    expect((await deliver(body)).retryMessages).toEqual([{ msgId: "m1" }]);
    expect(await job("c-1")).toMatchObject({ status: "pending", attempts: 1 });
    expect((await deliver(body, 4)).retryMessages).toEqual([{ msgId: "m1" }]);
    expect(await job("c-1")).toMatchObject({ status: "pending", attempts: 2 });
    // Its retries (wrangler.toml's max_retries) ran out: the platform hands it to the dead-letter queue.
    expect((await deliver(body, 1, `${COMMENT_EVENTS_QUEUE}-dlq`)).explicitAcks).toEqual(["m1"]);
    expect(await job("c-1")).toMatchObject({
      status: "failed",
      attempts: 2,
      last_error: 'no handler for job kind "comment.unknown"',
    });
  });

  it("acknowledges and drops a message that is not a job at all", async () => {
    const result = await deliver({ hello: "world" });
    expect(result.explicitAcks).toEqual(["m1"]);
    expect(result.retryMessages).toEqual([]);
  });
});
