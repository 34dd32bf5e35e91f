// A vote-events consumer that keeps throwing (D1 refusing the event's writes): the queue retries it,
// then dead-letters it (the job is marked failed with its body kept), and a replay from ModMe sends it
// again once D1 is healthy. The vote's effects (its tracking event, the voter's current vote) are
// written exactly once, however often the job is replayed or redelivered.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import type { QueueReplayData } from "@unbiased/worker-shared/contracts/moderation";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { faultyD1 } from "@unbiased/worker-shared/testing/faulty-d1";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import worker from "../src/index.ts";
import { VOTE_CHANGED, VOTE_EVENTS_QUEUE } from "../src/jobs/send-vote-events.ts";
import { dayOf, shardOf, voteLog } from "../src/storage/vote-log-days.ts";
import { userVotes } from "../src/votes/cast-vote.ts";
import { call, eventually, json, signedInUser } from "./support/people.ts";

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
  const res = await call("/api/votes/queue/replay", { method: "POST", token });
  expect(res.status).toBe(200);
  return (await json<{ data: QueueReplayData }>(res)).data;
}

/**
 * The consumer's completing write: a new batch row (an insert without the failure record's upsert) or
 * the message's own row set completed (its later attempts).
 */
const COMPLETION_WRITE =
  /^\s*insert into "queue_jobs"(?![\s\S]*on conflict)|^\s*update "queue_jobs" set "status" = \?, "last_error" = \?/i;

/** wrangler.toml's max_retries for vote-events: the first delivery and three retries. */
const DELIVERIES = 4;

describe("vote-events: retries, dead letter, replay", () => {
  it("writes a dead-lettered vote exactly once after a replay", async () => {
    const { id: articleId } = await insertArticle(env.DB);
    const payload = {
      articleId,
      userId: "voter-1",
      voteType: "upvote",
      previousVote: null,
      upvotes: 4,
      downvotes: 1,
      ip: "203.0.113.9",
      at: Date.now(),
    };
    const body: JobMessage = { jobId: crypto.randomUUID(), kind: VOTE_CHANGED, payload };

    // D1 refuses the consumer's transaction (the batch's completion record), not its failure record:
    // the consumer fails the message on each delivery (the objects' writes before it are made again
    // each time, and change nothing the second time).
    const failing = faultyD1(env.DB, { failOn: COMPLETION_WRITE });
    for (let attempt = 1; attempt <= DELIVERIES; attempt++) {
      const result = await deliver(VOTE_EVENTS_QUEUE, body, attempt, failing.db);
      expect(result.retryMessages).toEqual([expect.objectContaining({ msgId: `m-${attempt}` })]);
      expect(result.explicitAcks).toEqual([]);
      expect(await job(body.jobId)).toMatchObject({ status: "pending", lastError: expect.stringMatching(/D1_ERROR/) });
    }

    // Its retries spent, the platform moves it to the dead-letter queue: failed, its body kept.
    const dead = await deliver(`${VOTE_EVENTS_QUEUE}-dlq`, body, 1);
    expect(dead.explicitAcks).toEqual(["m-1"]);
    expect(await job(body.jobId)).toMatchObject({ status: "failed", body: JSON.stringify(body) });

    // D1 is back: a moderator replays it and the real consumer writes it.
    const moderator = await signedInUser("moderator");
    expect(await replay(moderator.adminToken)).toEqual({ replayed: 1, jobIds: [body.jobId] });
    expect(
      await eventually(
        () => job(body.jobId),
        (j) => j?.status === "completed",
      ),
    ).toMatchObject({
      status: "completed",
    });

    // Replaying again finds nothing; the old message redelivered writes nothing new.
    expect(await replay(moderator.adminToken)).toEqual({ replayed: 0, jobIds: [] });
    expect((await deliver(VOTE_EVENTS_QUEUE, body, 2)).explicitAcks).toEqual(["m-2"]);
    const events = await voteLog(env, dayOf(payload.at), shardOf("voter-1")).eventsOf("voter-1");
    expect(events.map((e) => [e.id, e.voteType])).toEqual([[body.jobId, "upvote"]]);
    expect((await userVotes(env, "voter-1").all()).map((v) => [v.articleId, v.voteType])).toEqual([
      [articleId, "upvote"],
    ]);
  });

  it("is a ModMe API: a reader's token is refused", async () => {
    const reader = await signedInUser();
    expect((await call("/api/votes/queue/replay", { method: "POST", token: reader.token })).status).toBe(403);
  });
});
