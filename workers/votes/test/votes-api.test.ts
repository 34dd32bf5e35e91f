// The voting API as the UI and scripts call it: real tokens, real D1, real Durable Objects, and the
// real vote-events queue behind them.
import { env } from "cloudflare:test";
import type { VoteResponse } from "@unbiased/worker-shared/contracts/votes";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import { dayOf, shardOf, voteLog } from "../src/storage/vote-log-days.ts";
import { ban, call, eventually, json, signedInUser } from "./support/people.ts";

const vote = (token: string, body: Record<string, unknown>) => call("/api/votes/vote", { token, body });
const counts = async (articleId: string) =>
  json<{ upvotes: number; downvotes: number }>(await call(`/api/votes/counts/${articleId}`));

describe("POST /api/votes/vote and DELETE /api/votes/vote/{articleId}", () => {
  it("sets the vote and answers with the new counts and the caller's vote", async () => {
    const { id: articleId } = await insertArticle(env.DB);
    const alice = await signedInUser();
    const res = await vote(alice.token, { articleId, userId: alice.id, voteType: "upvote", voteCount: 1 });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ success: true, articleId, upvotes: 1, downvotes: 0, userVote: "upvote" });
  });

  it("is idempotent: the same vote again changes nothing", async () => {
    const { id: articleId } = await insertArticle(env.DB);
    const alice = await signedInUser();
    const body = { articleId, userId: alice.id, voteType: "upvote" };
    await vote(alice.token, body);
    const again = await json<VoteResponse>(await vote(alice.token, body));
    expect(again).toMatchObject({ upvotes: 1, downvotes: 0, userVote: "upvote" });
    expect(await counts(articleId)).toEqual({ success: true, articleId, upvotes: 1, downvotes: 0 });
  });

  it("switching moves one count from one side to the other", async () => {
    const { id: articleId } = await insertArticle(env.DB);
    const [alice, bob] = [await signedInUser(), await signedInUser()];
    await vote(alice.token, { articleId, userId: alice.id, voteType: "upvote" });
    await vote(bob.token, { articleId, userId: bob.id, voteType: "upvote" });
    const switched = await json<VoteResponse>(
      await vote(alice.token, { articleId, userId: alice.id, voteType: "downvote" }),
    );
    expect(switched).toMatchObject({ upvotes: 1, downvotes: 1, userVote: "downvote" });
  });

  it("removal takes the caller's vote away and never goes below zero", async () => {
    const { id: articleId } = await insertArticle(env.DB);
    const alice = await signedInUser();
    await vote(alice.token, { articleId, userId: alice.id, voteType: "downvote" });
    const removed = await call(`/api/votes/vote/${articleId}`, { method: "DELETE", token: alice.token });
    expect(await json(removed)).toEqual({ success: true, articleId, upvotes: 0, downvotes: 0, userVote: "none" });
    const again = await call(`/api/votes/vote/${articleId}`, { method: "DELETE", token: alice.token });
    expect(await json(again)).toMatchObject({ upvotes: 0, downvotes: 0, userVote: "none" });
    expect(await json(await call(`/api/votes/user/${articleId}/${alice.id}`, { token: alice.token }))).toEqual({
      success: true,
      articleId,
      vote: null,
    });
  });

  it("loses nothing when many users vote on one article at once", async () => {
    const { id: articleId } = await insertArticle(env.DB);
    const people = await Promise.all(Array.from({ length: 60 }, () => signedInUser()));
    const answers = await Promise.all(
      people.map((p, i) =>
        vote(p.token, { articleId, userId: p.id, voteType: i % 3 === 0 ? "downvote" : "upvote" }).then((r) => r.status),
      ),
    );
    expect(answers.every((s) => s === 200)).toBe(true);
    expect(await counts(articleId)).toMatchObject({ upvotes: 40, downvotes: 20 });
  }, 60_000);

  it("refuses the 101st vote in an hour with 429 and Retry-After, even when they arrive at once", async () => {
    const articles = await Promise.all(Array.from({ length: 5 }, () => insertArticle(env.DB)));
    const busy = await signedInUser();
    const statuses = await Promise.all(
      Array.from({ length: 101 }, (_, i) =>
        vote(busy.token, {
          articleId: articles[i % 5]?.id ?? "",
          userId: busy.id,
          voteType: i % 2 ? "downvote" : "upvote",
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    const refused = await vote(busy.token, { articleId: articles[0]?.id, userId: busy.id, voteType: "upvote" });
    expect(refused.status).toBe(429);
    // The window is an hour: the first of the 100 votes leaves it in about an hour.
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(await json(refused)).toEqual({ success: false, error: "Too many votes. Please try again later." });
  }, 60_000);

  it("refuses voting as someone else (403) and without a token (401)", async () => {
    const { id: articleId } = await insertArticle(env.DB);
    const [alice, bob] = [await signedInUser(), await signedInUser()];
    const asBob = await vote(alice.token, { articleId, userId: bob.id, voteType: "upvote" });
    expect(asBob.status).toBe(403);
    expect(await json(asBob)).toEqual({ success: false, error: "You can only vote as yourself" });
    const anonymous = await call("/api/votes/vote", { body: { articleId, userId: bob.id, voteType: "upvote" } });
    expect(anonymous.status).toBe(401);
    const removeAnonymous = await call(`/api/votes/vote/${articleId}`, { method: "DELETE" });
    expect(removeAnonymous.status).toBe(401);
    expect(await counts(articleId)).toMatchObject({ upvotes: 0, downvotes: 0 });
  });

  it("refuses a banned user", async () => {
    const { id: articleId } = await insertArticle(env.DB);
    const banned = await signedInUser();
    await ban(banned.id);
    const res = await vote(banned.token, { articleId, userId: banned.id, voteType: "upvote" });
    expect(res.status).toBe(403);
    expect(await counts(articleId)).toMatchObject({ upvotes: 0 });
  });

  it("rejects bad input with 400 and an unknown article with 404", async () => {
    const { id: articleId } = await insertArticle(env.DB);
    const alice = await signedInUser();
    const bad = await vote(alice.token, { articleId, userId: alice.id, voteType: "sideways" });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ success: false, error: "voteType must be upvote or downvote" });
    const twice = await vote(alice.token, { articleId, userId: alice.id, voteType: "upvote", voteCount: 2 });
    expect(twice.status).toBe(400);
    const missing = await vote(alice.token, { articleId: "no-such-article", userId: alice.id, voteType: "upvote" });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ success: false, error: "Article not found" });
  });

  it("sends every accepted vote through the queue into history, tracking and article stats", async () => {
    const { id: articleId } = await insertArticle(env.DB);
    const alice = await signedInUser();
    await call("/api/votes/vote", {
      token: alice.token,
      ip: "198.51.100.7",
      body: { articleId, userId: alice.id, voteType: "upvote" },
    });
    const stats = await eventually(
      () => env.DB.prepare("SELECT upvotes, downvotes FROM articles WHERE id = ?").bind(articleId).all(),
      (r) => r.results.some((row) => row.upvotes !== 0),
    );
    expect(stats.results).toEqual([{ upvotes: 1, downvotes: 0 }]);
    // The object copies the counts when it sends its outbox; the consumer's writes follow.
    const events = await eventually(
      async () =>
        (await voteLog(env, dayOf(Date.now()), shardOf(alice.id)).eventsOf(alice.id)).filter(
          (e) => e.articleId === articleId,
        ),
      (found) => found.length > 0,
    );
    expect(events).toMatchObject([{ userId: alice.id, voteType: "upvote", ip: "198.51.100.7" }]);
    const history = await json<{ data: unknown[] }>(await call("/api/votes/user/history", { token: alice.token }));
    expect(history.data).toEqual([
      { articleId, title: expect.any(String), voteType: "upvote", timestamp: expect.any(String) },
    ]);
  });
});

describe("batch calls", () => {
  it("counts up to 20 articles per call, one result per id, and refuses 21 with 400", async () => {
    const a = await insertArticle(env.DB);
    const b = await insertArticle(env.DB);
    const alice = await signedInUser();
    await vote(alice.token, { articleId: a.id, userId: alice.id, voteType: "downvote" });
    const res = await call("/api/votes/counts/batch", { body: { articleIds: [a.id, b.id, "missing"] } });
    expect(await json(res)).toEqual({
      success: true,
      results: [
        { articleId: a.id, success: true, upvotes: 0, downvotes: 1 },
        { articleId: b.id, success: true, upvotes: 0, downvotes: 0 },
        { articleId: "missing", success: false, error: "Article not found" },
      ],
    });
    const tooMany = await call("/api/votes/counts/batch", {
      body: { articleIds: Array.from({ length: 21 }, (_, i) => `id-${i}`) },
    });
    expect(tooMany.status).toBe(400);
    expect(await json(tooMany)).toEqual({ success: false, error: "articleIds: At most 20 articles per call" });
  });

  it("answers the counts recorded in D1 for a batch in one read: the objects' counts once the vote events are in, zeros for an article nobody voted on", async () => {
    const a = await insertArticle(env.DB);
    const b = await insertArticle(env.DB);
    const [alice, bob] = [await signedInUser(), await signedInUser()];
    await vote(alice.token, { articleId: a.id, userId: alice.id, voteType: "downvote" });
    await vote(bob.token, { articleId: a.id, userId: bob.id, voteType: "upvote" });
    const recorded = () =>
      call("/api/votes/counts/recorded", { body: { articleIds: [a.id, b.id, "missing"] } }).then((res) => json(res));
    const expected = {
      success: true,
      results: [
        { articleId: a.id, success: true, upvotes: 1, downvotes: 1 },
        { articleId: b.id, success: true, upvotes: 0, downvotes: 0 },
        { articleId: "missing", success: false, error: "Article not found" },
      ],
    };
    // The vote-events consumer records them a moment after the objects answer.
    const isExpected = (body: unknown) => JSON.stringify(body) === JSON.stringify(expected);
    expect(await eventually(recorded, isExpected)).toEqual(expected);
    // One D1 query, whatever the number of articles (the objects' batch asks each article's object).
    const timing = (await call("/api/votes/counts/recorded", { body: { articleIds: [a.id, b.id] } })).headers.get(
      "Server-Timing",
    );
    expect(timing).toMatch(/d1;desc="[^"]*";queries=1\b/);
    const tooMany = await call("/api/votes/counts/recorded", {
      body: { articleIds: Array.from({ length: 21 }, (_, i) => `id-${i}`) },
    });
    expect(tooMany.status).toBe(400);
  });

  it("returns the caller's votes for a batch of articles, only their own", async () => {
    const a = await insertArticle(env.DB);
    const b = await insertArticle(env.DB);
    const [alice, bob] = [await signedInUser(), await signedInUser()];
    await vote(alice.token, { articleId: a.id, userId: alice.id, voteType: "upvote" });
    const res = await call("/api/votes/user/batch", {
      token: alice.token,
      body: { userId: alice.id, articleIds: [a.id, b.id] },
    });
    expect(await json(res)).toEqual({
      success: true,
      results: [
        { articleId: a.id, success: true, vote: { type: "upvote" } },
        { articleId: b.id, success: true, vote: null },
      ],
    });
    const other = await call("/api/votes/user/batch", {
      token: bob.token,
      body: { userId: alice.id, articleIds: [a.id] },
    });
    expect(other.status).toBe(403);
    const single = await call(`/api/votes/user/${a.id}/${alice.id}`, { token: bob.token });
    expect(single.status).toBe(403);
  });

  it("applies a batch of votes in order and reports each", async () => {
    const a = await insertArticle(env.DB);
    const alice = await signedInUser();
    const res = await call("/api/votes/vote/batch", {
      token: alice.token,
      body: {
        votes: [
          { articleId: a.id, userId: alice.id, voteType: "upvote" },
          { articleId: a.id, userId: alice.id, voteType: "downvote" },
          { articleId: "missing", userId: alice.id, voteType: "upvote" },
        ],
      },
    });
    expect(await json(res)).toEqual({
      success: true,
      results: [
        { articleId: a.id, success: true, upvotes: 1, downvotes: 0, userVote: "upvote" },
        { articleId: a.id, success: true, upvotes: 0, downvotes: 1, userVote: "downvote" },
        { articleId: "missing", success: false, error: "Article not found" },
      ],
    });
  });
});
