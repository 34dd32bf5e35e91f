import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ArticleVotes } from "../src/durable/article-votes.ts";
import { LIMITER_BUCKETS, limiterBucket } from "../src/durable/vote-limiter.ts";

const articleVotes = (articleId: string) => env.ARTICLE_VOTES.get(env.ARTICLE_VOTES.idFromName(articleId));
const limiter = (name: string) => env.VOTE_LIMITER.get(env.VOTE_LIMITER.idFromName(name));

describe("ArticleVotes", () => {
  it("counts, switches, repeats and removes a user's vote", async () => {
    const votes = articleVotes("article-1");
    expect(await votes.setVote("alice", "upvote")).toEqual({
      upvotes: 1,
      downvotes: 0,
      userVote: "upvote",
      previousVote: null,
      changed: true,
    });
    expect(await votes.setVote("bob", "upvote")).toMatchObject({ upvotes: 2, downvotes: 0 });
    // Switching moves one count from one side to the other.
    expect(await votes.setVote("alice", "downvote")).toEqual({
      upvotes: 1,
      downvotes: 1,
      userVote: "downvote",
      previousVote: "upvote",
      changed: true,
    });
    // The same vote again is an idempotent no-op.
    expect(await votes.setVote("alice", "downvote")).toMatchObject({ upvotes: 1, downvotes: 1, changed: false });
    expect(await votes.setVote("alice", null)).toEqual({
      upvotes: 1,
      downvotes: 0,
      userVote: null,
      previousVote: "downvote",
      changed: true,
    });
    expect(await votes.getUserVote("alice")).toBeNull();
    expect(await votes.getUserVote("bob")).toBe("upvote");
  });

  it("keeps the counters equal to the stored votes", async () => {
    const stub = articleVotes("article-2");
    for (const [user, vote] of [
      ["a", "upvote"],
      ["b", "downvote"],
      ["c", "upvote"],
      ["a", "downvote"],
      ["c", null],
    ] as const) {
      await stub.setVote(user, vote);
    }
    await runInDurableObject(stub, (instance: ArticleVotes, state) => {
      const stored = state.storage.sql
        .exec<{ vote_type: string; n: number }>("SELECT vote_type, count(*) AS n FROM votes GROUP BY vote_type")
        .toArray();
      const byType = Object.fromEntries(stored.map((r) => [r.vote_type, r.n]));
      expect(instance.getCounts()).toEqual({ upvotes: byType.upvote ?? 0, downvotes: byType.downvote ?? 0 });
      expect(instance.getCounts()).toEqual({ upvotes: 0, downvotes: 2 });
    });
  });

  it("keeps each article's votes apart", async () => {
    await articleVotes("x").setVote("alice", "upvote");
    expect(await articleVotes("y").getCounts()).toEqual({ upvotes: 0, downvotes: 0 });
  });
});

describe("VoteLimiter", () => {
  it("allows up to the limit in the window, then refuses with a retry time", async () => {
    const bucket = limiter("bucket-1");
    const start = 1_000_000;
    expect(await bucket.consume("user-1", 3, 60_000, start)).toEqual({
      allowed: true,
      remaining: 2,
      retryAfterSeconds: 0,
    });
    expect(await bucket.consume("user-1", 3, 60_000, start + 1_000)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await bucket.consume("user-1", 3, 60_000, start + 2_000)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await bucket.consume("user-1", 3, 60_000, start + 10_000)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 50,
    });
    // Once the first vote leaves the window, one more is allowed.
    expect(await bucket.consume("user-1", 3, 60_000, start + 60_001)).toMatchObject({ allowed: true });
  });

  it("limits each user of a bucket separately, and forgets every user's expired hits", async () => {
    const bucket = limiter("bucket-2");
    await bucket.consume("busy", 1, 60_000, 5_000);
    expect(await bucket.consume("busy", 1, 60_000, 6_000)).toMatchObject({ allowed: false });
    expect(await bucket.consume("idle", 1, 60_000, 6_000)).toMatchObject({ allowed: true });
    // A later call by anyone drops hits past the window, whoever made them.
    await bucket.consume("late", 1, 60_000, 200_000);
    const rows = await runInDurableObject(bucket, (_, state) =>
      state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM user_hits").one(),
    );
    expect(rows.n).toBe(1);
  });

  it("puts a user always in the same one of 64 buckets, and spreads users over all of them", () => {
    expect(limiterBucket("user-42")).toBe(limiterBucket("user-42"));
    const used = new Set(Array.from({ length: 2_000 }, (_, i) => limiterBucket(`user-${i}`)));
    expect(used.size).toBe(LIMITER_BUCKETS);
  });
});
