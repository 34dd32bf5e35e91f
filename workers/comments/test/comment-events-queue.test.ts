// The comment-events consumer, tracked per batch (ADR 022 step 25): a batch's decisions are one
// queue_jobs row counting them, a failing message gets a row of its own, and every decision is
// applied once however often its message comes back.
import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { replayDeadLetters } from "@unbiased/worker-shared/queue/replay";
import { faultyD1 } from "@unbiased/worker-shared/testing/faulty-d1";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import worker from "../src/index.ts";
import { COMMENT_CREATED, COMMENT_EVENTS_QUEUE, purgeCommentJobs } from "../src/jobs/comment-events.ts";
import { historyOf } from "./support/comments.ts";
import { insertComment } from "./support/modme.ts";
import { BASE, person, scoreOf, statusOf } from "./support/people.ts";

async function deliverAll(bodies: unknown[], attempts = 1, queue = COMMENT_EVENTS_QUEUE, db: D1Database = env.DB) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body, i) => ({ id: `m${i + 1}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<JobMessage>, { ...env, DB: db }, ctx);
  return getQueueResult(batch, ctx);
}

const deliver = (body: unknown, attempts = 1, queue = COMMENT_EVENTS_QUEUE) => deliverAll([body], attempts, queue);

const job = (id: string) =>
  env.DB.prepare("SELECT status, attempts, last_error FROM queue_jobs WHERE id = ?").bind(id).first();

/** This queue's rows written since `since` (updated_at), newest last. */
const rowsSince = async (since: number) =>
  (
    await env.DB.prepare(
      "SELECT id, kind, status, items FROM queue_jobs WHERE queue = ? AND updated_at >= ? ORDER BY updated_at, rowid",
    )
      .bind(COMMENT_EVENTS_QUEUE, since)
      .all<{ id: string; kind: string; status: string; items: number }>()
  ).results;

const created = (commentId: string): JobMessage => ({
  jobId: crypto.randomUUID(),
  kind: COMMENT_CREATED,
  payload: { commentId },
});

/** Comments by trusted authors (approved at once by the consumer), one author each. */
async function trustedComments(n: number) {
  const { id: articleId } = await insertArticle(env.DB);
  const authors = await Promise.all(Array.from({ length: n }, () => person({ score: 7 })));
  const ids = await Promise.all(authors.map((author) => insertComment(author.id, articleId)));
  return { authors, ids };
}

describe("comment-events queue consumer", () => {
  it("records a batch of decisions as one completed row counting them, and nothing for each message", async () => {
    const { authors, ids } = await trustedComments(3);
    const since = Date.now();
    const bodies = ids.map(created);
    const result = await deliverAll(bodies);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2", "m3"]);
    for (const id of ids) expect(await statusOf(id)).toMatchObject({ status: "approved" });
    const rows = await rowsSince(since);
    expect(rows).toEqual([expect.objectContaining({ kind: COMMENT_CREATED, status: "completed", items: 3 })]);
    for (const body of bodies) expect(await job(body.jobId)).toBeNull();

    // The same batch delivered again (at least once, as queues deliver): acknowledged, each decision
    // applied once (one +1 of reputation each), counted again as the contract says.
    expect((await deliverAll(bodies, 2)).explicitAcks.sort()).toEqual(["m1", "m2", "m3"]);
    for (const author of authors) {
      expect(await scoreOf(author.id)).toBe(8);
      expect((await historyOf(author.id)).filter((change) => change.delta === 1)).toHaveLength(1);
    }
    expect((await rowsSince(since)).map((row) => row.items)).toEqual([3, 3]);
  });

  it("gives only the failing message a row of its own; the others of its batch are counted together", async () => {
    const { ids } = await trustedComments(2);
    const since = Date.now();
    const unknown: JobMessage = { jobId: crypto.randomUUID(), kind: "comment.unknown", payload: {} };
    const result = await deliverAll([created(ids[0] as string), unknown, created(ids[1] as string)]);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m3"]);
    expect(result.retryMessages).toEqual([expect.objectContaining({ msgId: "m2" })]);
    expect(await job(unknown.jobId)).toMatchObject({ status: "pending", attempts: 1 });
    const counted = (await rowsSince(since)).filter((row) => row.id !== unknown.jobId);
    expect(counted).toEqual([expect.objectContaining({ status: "completed", items: 2 })]);
  });

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

  it("retries decisions whose record D1 refused; their redelivery changes nothing and records them", async () => {
    const { authors, ids } = await trustedComments(2);
    const since = Date.now();
    const bodies = ids.map(created);
    const refusing = faultyD1(env.DB, { failOn: /insert into "queue_jobs"/i });
    const first = await deliverAll(bodies, 1, COMMENT_EVENTS_QUEUE, refusing.db);
    expect(refusing.failures).toBe(1);
    expect(first.explicitAcks).toEqual([]);
    expect(first.retryMessages.map((m) => m.msgId).sort()).toEqual(["m1", "m2"]);
    // The decisions stand (the comments approved) though their record failed.
    for (const id of ids) expect(await statusOf(id)).toMatchObject({ status: "approved" });
    expect(await rowsSince(since)).toEqual([]);

    expect((await deliverAll(bodies, 2)).explicitAcks.sort()).toEqual(["m1", "m2"]);
    for (const author of authors) expect(await scoreOf(author.id)).toBe(8);
    expect(await rowsSince(since)).toEqual([expect.objectContaining({ status: "completed", items: 2 })]);
  });

  it("keeps a job the queue refused at the post as failed with its body, and the replay decides it", async () => {
    const { id: articleId } = await insertArticle(env.DB);
    const author = await person({ score: 7 });
    const refusing = {
      send: async () => {
        throw new Error("queue unavailable");
      },
    } as unknown as Queue;
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${BASE}/api/comments/article/${articleId}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${author.token}`, "content-type": "application/json" },
        body: JSON.stringify({ content: "Posted while the queue refuses messages" }),
      }),
      { ...env, COMMENT_EVENTS: refusing },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(201);
    const commentId = ((await res.json()) as { data: { comment: { id: string } } }).data.comment.id;
    expect(await statusOf(commentId)).toMatchObject({ status: "pending" });
    const refused = await env.DB.prepare(
      "SELECT id, status, last_error AS lastError, body FROM queue_jobs WHERE queue = ? AND body LIKE ?",
    )
      .bind(COMMENT_EVENTS_QUEUE, `%${commentId}%`)
      .first<{ id: string; status: string; lastError: string; body: string }>();
    expect(refused).toMatchObject({ status: "failed", lastError: expect.stringMatching(/queue unavailable/) });

    // The queue is back: the replay sends the kept body, and the consumer (here, by hand) decides it.
    const sent: JobMessage[] = [];
    const recording = { sendBatch: async (m: { body: JobMessage }[]) => void sent.push(...m.map((x) => x.body)) };
    const replayed = await replayDeadLetters(
      createDb(env.DB),
      recording as unknown as Queue<JobMessage>,
      COMMENT_EVENTS_QUEUE,
    );
    expect(replayed.jobIds).toContain(refused?.id);
    const again = sent.find((body) => body.jobId === refused?.id);
    expect(again).toMatchObject({ kind: COMMENT_CREATED, payload: { commentId } });
    expect((await deliver(again)).explicitAcks).toEqual(["m1"]);
    expect(await statusOf(commentId)).toMatchObject({ status: "approved" });
    expect(await job(refused?.id as string)).toMatchObject({ status: "completed" });
  });

  it("purges its job rows once they are older than the status window, and no other queue's", async () => {
    const now = Date.now();
    const old = now - 25 * 3600_000;
    const insert = (id: string, queue: string, at: number) =>
      env.DB.prepare(
        "INSERT INTO queue_jobs (id, queue, kind, status, attempts, items, created_at, updated_at) VALUES (?, ?, 'comment.created', 'completed', 1, 5, ?, ?)",
      ).bind(id, queue, at, at);
    const [oldOwn, recentOwn, oldOther] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await env.DB.batch([
      insert(oldOwn, COMMENT_EVENTS_QUEUE, old),
      insert(recentOwn, COMMENT_EVENTS_QUEUE, now - 3600_000),
      insert(oldOther, "unbiased-vote-events", old),
    ]);
    expect(await purgeCommentJobs(createDb(env.DB), now)).toBeGreaterThanOrEqual(1);
    expect(await job(oldOwn)).toBeNull();
    expect(await job(recentOwn)).not.toBeNull();
    expect(await job(oldOther)).not.toBeNull();
  });

  it("acknowledges and drops a message that is not a job at all", async () => {
    const result = await deliver({ hello: "world" });
    expect(result.explicitAcks).toEqual(["m1"]);
    expect(result.retryMessages).toEqual([]);
  });
});
