import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../src/index.ts";
import { INGEST_QUEUE_NAME } from "../src/jobs/schedule.ts";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";

describe("cron trigger and ingestion queue", () => {
  it("a cron run records a pending sources.poll job on the ingestion queue", async () => {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/15 * * * *", scheduledTime: new Date(1_700_000_000_000) }), env, ctx);
    await waitOnExecutionContext(ctx);
    const jobs = await env.DB.prepare("SELECT queue, kind, status FROM queue_jobs").all();
    expect(jobs.results).toEqual([{ queue: INGEST_QUEUE_NAME, kind: "sources.poll", status: "pending" }]);
  });

  it("the consumer completes a sources.poll job and marks active sources as polled", async () => {
    await env.DB.prepare("INSERT INTO sources (id, name, domain, feed_url, created_at) VALUES ('s1', 'Sample', 'sample.example', 'https://sample.example/feed.xml', 1)").run();
    const batch = createMessageBatch<JobMessage>(INGEST_QUEUE_NAME, [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { jobId: "poll-1", kind: "sources.poll", payload: {} } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["m1"]);
    expect(await env.DB.prepare("SELECT status FROM queue_jobs WHERE id = 'poll-1'").first()).toEqual({ status: "completed" });
    const source = await env.DB.prepare("SELECT last_fetched_at FROM sources WHERE id = 's1'").first<{ last_fetched_at: number | null }>();
    expect(source?.last_fetched_at).toBeGreaterThan(0);
  });
});
