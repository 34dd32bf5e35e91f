import { env } from "cloudflare:test";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import { dayOf, shardOf, voteLog } from "../src/storage/vote-log-days.ts";
import { userVotes } from "../src/votes/cast-vote.ts";
import { deliver, deliverDeadLetter } from "./support/queue.ts";

// Storage is shared by the tests of one file, so each test works on its own article.
const change = (articleId: string, overrides: Record<string, unknown> = {}) => ({
  articleId,
  userId: "user-1",
  voteType: "upvote",
  previousVote: null,
  upvotes: 1,
  downvotes: 0,
  ip: "203.0.113.9",
  at: 1_700_000_000_000,
  ...overrides,
});

const rows = (sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .all()
    .then((r) => r.results);

/** The user's current votes on one article, as their UserVotes object keeps them (ADR 022). */
const historyOn = async (userId: string, articleId: string) =>
  (await userVotes(env, userId).all()).filter((v) => v.articleId === articleId).map((v) => v.voteType);

/** The article's events of these users on the day of `at`, as their VoteLog shard keeps them (ADR 022). */
async function logged(articleId: string, userIds: string[], at = 1_700_000_000_000) {
  const events = await Promise.all(userIds.map((userId) => voteLog(env, dayOf(at), shardOf(userId)).eventsOf(userId)));
  return events.flat().filter((e) => e.articleId === articleId);
}

/** The queue_jobs rows written for whole batches since `since` (per-message rows have the job's id). */
const batchRows = (since: number) =>
  rows(
    "SELECT status, items, attempts FROM queue_jobs WHERE queue = 'unbiased-vote-events' AND created_at >= ? AND id NOT LIKE 'job-%' ORDER BY created_at",
    since,
  );

describe("vote-events queue consumer", () => {
  it("writes the event and the user's current vote, records the batch, and leaves D1's counts to the object", async () => {
    const { id } = await insertArticle(env.DB);
    const since = Date.now();
    const result = await deliver([{ id: "m1", body: { jobId: "job-1", kind: "vote.changed", payload: change(id) } }]);
    expect(result.explicitAcks).toEqual(["m1"]);
    expect(result.retryMessages).toEqual([]);
    expect(await logged(id, ["user-1"])).toMatchObject([
      { id: "job-1", userId: "user-1", voteType: "upvote", previousVote: "none", ip: "203.0.113.9" },
    ]);
    expect(await historyOn("user-1", id)).toEqual(["upvote"]);
    // The ArticleVotes object copies its counts to D1 when it sends its outbox (article-votes-flush.test.ts).
    expect(await rows("SELECT upvotes FROM articles WHERE id = ?", id)).toEqual([{ upvotes: 0 }]);
    expect(await batchRows(since)).toEqual([{ status: "completed", items: 1, attempts: 1 }]);
    expect(await rows("SELECT count(*) AS n FROM queue_jobs WHERE id = 'job-1'")).toEqual([{ n: 0 }]);
  });

  it("records a batch of many events as one job row counting them", async () => {
    const { id } = await insertArticle(env.DB);
    const since = Date.now();
    const result = await deliver(
      ["b-1", "b-2", "b-3", "b-4"].map((userId, i) => ({
        id: `batch-${i}`,
        body: { jobId: `job-batch-${i}`, kind: "vote.changed", payload: change(id, { userId, upvotes: i + 1 }) },
      })),
    );
    expect(result.explicitAcks).toHaveLength(4);
    expect(await batchRows(since)).toEqual([{ status: "completed", items: 4, attempts: 1 }]);
    expect(await rows("SELECT count(*) AS n FROM queue_jobs WHERE id LIKE 'job-batch-%'")).toEqual([{ n: 0 }]);
    expect(await logged(id, ["b-1", "b-2", "b-3", "b-4"])).toHaveLength(4);
  });

  it("writes a redelivered message's event once (idempotent by its id)", async () => {
    const { id } = await insertArticle(env.DB);
    const body: JobMessage = { jobId: "job-2", kind: "vote.changed", payload: change(id) };
    await deliver([{ id: "m1", body }]);
    const again = await deliver([{ id: "m1", body, attempts: 2 }]);
    expect(again.explicitAcks).toEqual(["m1"]);
    expect(await logged(id, ["user-1"])).toHaveLength(1);
    expect(await historyOn("user-1", id)).toEqual(["upvote"]);
  });

  it("removes the current vote when a vote is withdrawn", async () => {
    const { id } = await insertArticle(env.DB);
    await deliver([{ id: "m1", body: { jobId: "job-3", kind: "vote.changed", payload: change(id) } }]);
    await deliver([
      {
        id: "m2",
        body: {
          jobId: "job-4",
          kind: "vote.changed",
          payload: change(id, { voteType: null, previousVote: "upvote", upvotes: 0, at: 1_700_000_001_000 }),
        },
      },
    ]);
    expect(await historyOn("user-1", id)).toEqual([]);
    expect((await logged(id, ["user-1"])).map((e) => e.voteType)).toEqual(["upvote", "none"]);
  });

  it("ignores an older event arriving after a newer one (the history converges on the newest vote)", async () => {
    const { id } = await insertArticle(env.DB);
    const newer = change(id, { voteType: null, previousVote: "upvote", upvotes: 0, at: 2_000, seq: 6 });
    await deliver([{ id: "m1", body: { jobId: "job-6", kind: "vote.changed", payload: newer } }]);
    await deliver([
      { id: "m2", body: { jobId: "job-7", kind: "vote.changed", payload: change(id, { at: 1_000, seq: 5 }) } },
    ]);
    expect(await historyOn("user-1", id)).toEqual([]);
  });

  it("retries a bad message as pending; when its retries run out the dead-letter consumer marks it failed", async () => {
    const body: JobMessage = { jobId: "job-5", kind: "vote.changed", payload: { articleId: "" } };
    const first = await deliver([{ id: "m1", body }]);
    expect(first.retryMessages).toEqual([{ msgId: "m1" }]);
    expect(first.explicitAcks).toEqual([]);
    expect(await rows("SELECT status FROM queue_jobs WHERE id = 'job-5'")).toEqual([{ status: "pending" }]);

    const last = await deliver([{ id: "m1", body, attempts: 4 }]);
    expect(last.retryMessages).toEqual([{ msgId: "m1" }]);
    expect(await rows("SELECT status FROM queue_jobs WHERE id = 'job-5'")).toEqual([{ status: "pending" }]);

    const dead = await deliverDeadLetter([{ id: "m1", body }]);
    expect(dead.explicitAcks).toEqual(["m1"]);
    const [job] = await rows("SELECT status, attempts, last_error FROM queue_jobs WHERE id = 'job-5'");
    expect(job).toMatchObject({ status: "failed", attempts: 2 });
    expect(String((job as { last_error: string }).last_error)).toMatch(/articleId/);
    expect(await logged("", ["user-1"])).toEqual([]);
  });

  it("fails a job whose article does not exist without writing any part of it, and completes its row on a later try", async () => {
    const body: JobMessage = { jobId: "job-8", kind: "vote.changed", payload: change("late-article") };
    await deliver([{ id: "m1", body }]);
    expect(await rows("SELECT status FROM queue_jobs WHERE id = 'job-8'")).toEqual([{ status: "pending" }]);
    // Nothing of it is written anywhere: no event, no history.
    expect(await logged("late-article", ["user-1"])).toEqual([]);
    expect(await historyOn("user-1", "late-article")).toEqual([]);

    // The retry finds the article: the message's own row completes, and no batch row counts it twice.
    await insertArticle(env.DB, { id: "late-article" });
    const since = Date.now();
    const retry = await deliver([{ id: "m1", body, attempts: 2 }]);
    expect(retry.explicitAcks).toEqual(["m1"]);
    expect(await rows("SELECT status, last_error FROM queue_jobs WHERE id = 'job-8'")).toEqual([
      { status: "completed", last_error: null },
    ]);
    expect(await batchRows(since)).toEqual([]);
    expect(await logged("late-article", ["user-1"])).toHaveLength(1);
  });

  it("ends on the newer of two changes made in the same millisecond, delivered the other way round", async () => {
    const { id } = await insertArticle(env.DB);
    const at = 1_700_000_002_000;
    // The object numbered them 1 (an upvote) then 2 (changed to a downvote); the queue brings 2 first.
    const newer = change(id, { voteType: "downvote", previousVote: "upvote", upvotes: 0, downvotes: 1, at, seq: 2 });
    const older = change(id, { voteType: "upvote", previousVote: null, upvotes: 1, downvotes: 0, at, seq: 1 });
    await deliver([{ id: "n", body: { jobId: "job-seq-2", kind: "vote.changed", payload: newer } }]);
    await deliver([{ id: "o", body: { jobId: "job-seq-1", kind: "vote.changed", payload: older } }]);
    expect(await historyOn("user-1", id)).toEqual(["downvote"]);
    // Both events are kept for tracking, in the order they happened.
    expect(await logged(id, ["user-1"], at)).toHaveLength(2);
  });

  it("delivering the same batch twice writes one history row per vote", async () => {
    const { id } = await insertArticle(env.DB);
    const messages = ["u-a", "u-b", "u-c"].map((userId, i) => ({
      id: `dup-${i}`,
      body: {
        jobId: `job-dup-${i}`,
        kind: "vote.changed",
        payload: change(id, { userId, upvotes: i + 1, at: 1_000 + i }),
      } satisfies JobMessage,
    }));
    const first = await deliver(messages);
    expect(first.explicitAcks.sort()).toEqual(["dup-0", "dup-1", "dup-2"]);
    const second = await deliver(messages.map((m) => ({ ...m, attempts: 2 })));
    expect(second.explicitAcks.sort()).toEqual(["dup-0", "dup-1", "dup-2"]);
    expect((await logged(id, ["u-a", "u-b", "u-c"], 1_000)).map((e) => e.userId)).toEqual(["u-a", "u-b", "u-c"]);
    for (const userId of ["u-a", "u-b", "u-c"]) expect(await historyOn(userId, id)).toEqual(["upvote"]);
  });

  it("writes the good events of a batch when one of them fails, and retries only the bad one", async () => {
    const { id } = await insertArticle(env.DB);
    const since = Date.now();
    const result = await deliver([
      { id: "mix-1", body: { jobId: "job-mix-1", kind: "vote.changed", payload: change(id, { userId: "u-1" }) } },
      { id: "mix-2", body: { jobId: "job-mix-2", kind: "vote.changed", payload: change("no-such-article") } },
      { id: "mix-3", body: { jobId: "job-mix-3", kind: "vote.changed", payload: change(id, { userId: "u-3" }) } },
    ]);
    expect(result.explicitAcks.sort()).toEqual(["mix-1", "mix-3"]);
    expect(result.retryMessages).toEqual([{ msgId: "mix-2" }]);
    expect(await logged(id, ["u-1", "u-3"])).toHaveLength(2);
    // The good ones are written as one batch; the bad one alone has a row of its own, pending.
    expect(await rows("SELECT id, status FROM queue_jobs WHERE id LIKE 'job-mix-%' ORDER BY id")).toEqual([
      { id: "job-mix-2", status: "pending" },
    ]);
    expect(await batchRows(since)).toEqual([{ status: "completed", items: 2, attempts: 1 }]);
  });
});
