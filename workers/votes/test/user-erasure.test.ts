// An account deletion's votes (ADR 017), inside the votes worker: the limiter names the articles a user
// voted on and then refuses their votes; an article's object takes the user's vote out and refuses the
// vote that was already on its way; the D1 copy alone still finds an article the limiter has forgotten;
// and a vote event of the user that lands after the deletion writes nothing of them.
import { env } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import type { LoggedEvent } from "../src/durable/vote-log.ts";
import { eraseUserVotes } from "../src/erasure/erase-user-votes.ts";
import { dayOf, recordEvents, shardOf, voteLog } from "../src/storage/vote-log-days.ts";
import { articleVotes, userVotes, voteLimiter } from "../src/votes/cast-vote.ts";
import { deliver } from "./support/queue.ts";

const HOUR = 3600_000;

describe("the vote limiter in a deletion", () => {
  it("remembers the articles a user voted on, hands them over, then refuses the user", async () => {
    const limiter = voteLimiter(env, "limited-user");
    const now = Date.now();
    expect((await limiter.consume("limited-user", 100, HOUR, now, "article-a")).allowed).toBe(true);
    expect((await limiter.consume("limited-user", 100, HOUR, now + 1, "article-b")).allowed).toBe(true);
    expect((await limiter.consume("limited-user", 100, HOUR, now + 2, "article-a")).allowed).toBe(true);

    expect((await limiter.stopVotes("limited-user")).sort()).toEqual(["article-a", "article-b"]);
    expect(await limiter.consume("limited-user", 100, HOUR, now + 3, "article-c")).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 0,
      erased: true,
    });
    // Asked again (a retried deletion), it still names them; forget() is what clears them.
    expect((await limiter.stopVotes("limited-user")).sort()).toEqual(["article-a", "article-b"]);
    await limiter.forget("limited-user");
    expect(await limiter.stopVotes("limited-user")).toEqual([]);
  });
});

describe("an article's object in a deletion", () => {
  it("takes the user's vote out of the counts and refuses the vote that arrives after", async () => {
    const votes = articleVotes(env, "erased-article");
    await votes.setVote("leaving", "upvote");
    await votes.setVote("staying", "upvote");
    await votes.setVote("other", "downvote");

    const erasure = await votes.eraseUser("leaving");
    expect(erasure).toMatchObject({ removed: "upvote", upvotes: 1, downvotes: 1 });
    expect(erasure.at).toBeGreaterThan(0);
    // A vote that passed its sign-in check before the sessions were revoked lands now: refused.
    expect(await votes.setVote("leaving", "downvote")).toMatchObject({
      erased: true,
      changed: false,
      upvotes: 1,
      downvotes: 1,
    });
    expect(await votes.getUserVote("leaving")).toBeNull();
    // Erasing again changes nothing.
    expect(await votes.eraseUser("leaving")).toMatchObject({ removed: null, upvotes: 1, downvotes: 1 });
    expect(await votes.getCounts()).toEqual({ upvotes: 1, downvotes: 1 });
  });
});

describe("eraseUserVotes", () => {
  it("finds an article from the history D1 kept before the UserVotes objects alone, and writes the copy's counts", async () => {
    await insertArticle(env.DB, { id: "copy-only-article" });
    // A vote older than anything the limiter remembers: only the object and the D1 copy know it.
    await articleVotes(env, "copy-only-article").setVote("old-voter", "downvote");
    await articleVotes(env, "copy-only-article").setVote("someone", "downvote");
    await env.DB.prepare(
      "INSERT INTO user_article_votes (user_id, article_id, vote_type, updated_at) VALUES ('old-voter', 'copy-only-article', 'downvote', 1)",
    ).run();
    await env.DB.prepare(
      "UPDATE articles SET upvotes = 0, downvotes = 2, net_votes = -2, votes_updated_at = 1 WHERE id = 'copy-only-article'",
    ).run();

    expect(await eraseUserVotes(env, "old-voter")).toEqual({ articles: 1, votesRemoved: 1 });
    expect(await articleVotes(env, "copy-only-article").getCounts()).toEqual({ upvotes: 0, downvotes: 1 });
    expect(
      await env.DB.prepare("SELECT upvotes, downvotes FROM articles WHERE id = 'copy-only-article'").first(),
    ).toEqual({ upvotes: 0, downvotes: 1 });
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM user_article_votes WHERE user_id = 'old-voter'").first(),
    ).toEqual({ n: 0 });
  });

  it("finds an article from the user's UserVotes object alone, and empties it and their tracking events", async () => {
    const { id } = await insertArticle(env.DB, { id: "history-only-article" });
    await articleVotes(env, id).setVote("history-voter", "upvote");
    await userVotes(env, "history-voter").apply([{ articleId: id, voteType: "upvote", at: 1, seq: 1 }]);
    const at = Date.now();
    const event = { articleId: id, userId: "history-voter", voteType: "upvote", previousVote: "none", ip: null, at };
    await recordEvents(env, [{ ...event, id: "history-event" } as LoggedEvent]);

    expect(await eraseUserVotes(env, "history-voter")).toEqual({ articles: 1, votesRemoved: 1 });
    expect(await voteLog(env, dayOf(at), shardOf("history-voter")).eventsOf("history-voter")).toEqual([]);
    expect(await articleVotes(env, id).getCounts()).toEqual({ upvotes: 0, downvotes: 0 });
    expect(await userVotes(env, "history-voter").all()).toEqual([]);
    expect(await userVotes(env, "history-voter").articleIds()).toEqual([]);
  });

  it("a vote event of the user still on the queue writes nothing of them when it lands after", async () => {
    const { id } = await insertArticle(env.DB, { id: "late-event-article" });
    await articleVotes(env, id).setVote("late-voter", "upvote");
    await userVotes(env, "late-voter").apply([{ articleId: id, voteType: "upvote", at: 1, seq: 1 }]);
    expect(await eraseUserVotes(env, "late-voter")).toEqual({ articles: 1, votesRemoved: 1 });

    // The event of a change the user made just before (on the queue while the deletion ran) lands now.
    const late = await deliver([
      {
        id: "late",
        body: {
          jobId: "late-job",
          kind: "vote.changed",
          payload: {
            articleId: id,
            userId: "late-voter",
            voteType: "downvote",
            previousVote: "upvote",
            upvotes: 0,
            downvotes: 1,
            ip: "198.51.100.7",
            at: Date.now() - 50,
          },
        },
      },
    ]);
    expect(late.explicitAcks).toEqual(["late"]);
    expect(await voteLog(env, dayOf(Date.now()), shardOf("late-voter")).eventsOf("late-voter")).toEqual([]);
    expect(await userVotes(env, "late-voter").all()).toEqual([]);
    expect(await articleVotes(env, id).getCounts()).toEqual({ upvotes: 0, downvotes: 0 });
  });
});
