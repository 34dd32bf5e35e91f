// A comment-events consumer that keeps throwing: the queue retries it, then dead-letters it (the job is
// marked failed with its body kept), and a replay from ModMe sends it again once D1 is healthy. The
// decision it carries (approving a trusted author's comment, +1 reputation) is applied exactly once,
// however often the job is replayed or redelivered.
import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from "cloudflare:test";
import type { QueueReplayData } from "@unbiased/worker-shared/contracts/moderation";
import { createDb } from "@unbiased/worker-shared/db/client";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { REPLAY_BATCH, replayDeadLetters } from "@unbiased/worker-shared/queue/replay";
import { faultyD1 } from "@unbiased/worker-shared/testing/faulty-d1";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import worker from "../src/index.ts";
import { COMMENT_CREATED, COMMENT_EVENTS_QUEUE } from "../src/jobs/comment-events.ts";
import { historyOf } from "./support/comments.ts";
import { insertComment, signIn } from "./support/modme.ts";
import { BASE, person, scoreOf, statusOf } from "./support/people.ts";

/** Hands the message to the consumer as the queue (or its dead-letter queue) would, with `db` as D1. */
async function deliver(queue: string, body: JobMessage, attempts: number, db: D1Database = env.DB) {
  const batch = createMessageBatch<JobMessage>(queue, [{ id: `m-${attempts}`, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, DB: db }, ctx);
  return getQueueResult(batch, ctx);
}

const job = (id: string) =>
  env.DB.prepare("SELECT status, last_error AS lastError, body FROM queue_jobs WHERE id = ?")
    .bind(id)
    .first<{ status: string; lastError: string | null; body: string | null }>();

async function replay(token: string) {
  const res = await SELF.fetch(`${BASE}/api/comments/admin/queue/replay`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: QueueReplayData }).data;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** wrangler.toml's max_retries for comment-events: the first delivery and three retries. */
const DELIVERIES = 4;

describe("comment-events: retries, dead letter, replay", () => {
  it("applies a dead-lettered decision exactly once after a replay", async () => {
    const { id: articleId } = await insertArticle(env.DB);
    const author = await person({ score: 7 });
    const commentId = await insertComment(author.id, articleId);
    const body: JobMessage = { jobId: crypto.randomUUID(), kind: COMMENT_CREATED, payload: { commentId } };

    // D1 fails every read of the comment: the handler throws on each delivery and the queue retries.
    const failing = faultyD1(env.DB, { failOn: /from "comments"/ });
    for (let attempt = 1; attempt <= DELIVERIES; attempt++) {
      const result = await deliver(COMMENT_EVENTS_QUEUE, body, attempt, failing.db);
      expect(result.retryMessages).toEqual([expect.objectContaining({ msgId: `m-${attempt}` })]);
      expect(result.explicitAcks).toEqual([]);
      expect(await job(body.jobId)).toMatchObject({ status: "pending", lastError: expect.stringMatching(/D1_ERROR/) });
    }
    expect(failing.failures).toBe(DELIVERIES);
    expect(await statusOf(commentId)).toMatchObject({ status: "pending" });

    // Its retries spent, the platform moves it to the dead-letter queue: failed, its body kept.
    const dead = await deliver(`${COMMENT_EVENTS_QUEUE}-dlq`, body, 1);
    expect(dead.explicitAcks).toEqual(["m-1"]);
    expect(await job(body.jobId)).toMatchObject({ status: "failed", body: JSON.stringify(body) });

    // D1 is back: a moderator replays it and the real consumer runs it.
    const moderator = await signIn("moderator");
    expect(await replay(moderator.admin)).toEqual({ replayed: 1, jobIds: [body.jobId] });
    expect(
      await until(
        () => job(body.jobId),
        (j) => j?.status === "completed",
      ),
    ).toMatchObject({
      status: "completed",
    });
    expect(await statusOf(commentId)).toMatchObject({ status: "approved" });
    expect(await scoreOf(author.id)).toBe(8);

    // Replaying again finds nothing; the old message redelivered changes nothing.
    expect(await replay(moderator.admin)).toEqual({ replayed: 0, jobIds: [] });
    expect((await deliver(COMMENT_EVENTS_QUEUE, body, 2)).explicitAcks).toEqual(["m-2"]);
    expect(await scoreOf(author.id)).toBe(8);
    expect((await historyOf(author.id)).filter((change) => change.delta === 1)).toHaveLength(1);
  });

  it("puts a whole batch of claimed jobs back to failed when the queue refuses them", async () => {
    const queueName = "replay-refused";
    const ids = Array.from({ length: REPLAY_BATCH }, () => crypto.randomUUID());
    await env.DB.batch(
      ids.map((id) =>
        env.DB.prepare(
          "INSERT INTO queue_jobs (id, queue, kind, status, attempts, body, created_at, updated_at) VALUES (?, ?, 'test', 'failed', 4, ?, 1, 1)",
        ).bind(id, queueName, JSON.stringify({ jobId: id, kind: "test", payload: {} })),
      ),
    );
    const refusing = {
      sendBatch: async () => {
        throw new Error("queue unavailable");
      },
    } as unknown as Queue<JobMessage>;
    await expect(replayDeadLetters(createDb(env.DB), refusing, queueName)).rejects.toThrow("queue unavailable");
    const { results } = await env.DB.prepare("SELECT status, last_error AS lastError FROM queue_jobs WHERE queue = ?")
      .bind(queueName)
      .all<{ status: string; lastError: string }>();
    expect(results).toHaveLength(REPLAY_BATCH);
    for (const row of results)
      expect(row).toMatchObject({ status: "failed", lastError: expect.stringMatching(/^replay send failed/) });
  });

  it("is a ModMe API: a reader's token is refused and nothing is sent", async () => {
    const reader = await person();
    const res = await SELF.fetch(`${BASE}/api/comments/admin/queue/replay`, {
      method: "POST",
      headers: { Authorization: `Bearer ${reader.token}` },
    });
    expect(res.status).toBe(403);
  });
});
