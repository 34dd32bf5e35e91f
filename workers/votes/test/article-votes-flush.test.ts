// The ArticleVotes object's alarm sends its outbox to the vote-events queue and then writes D1's copy
// of its counts itself, once per flush (ADR 022): the copy no longer waits for the queue consumer's
// backlog of voters' histories. The alarm is run by hand here (its scheduled run deleted), so each
// test decides what D1 does when it runs.
import { env, runInDurableObject } from "cloudflare:test";
import type { VoteType } from "@unbiased/worker-shared/contracts/votes";
import { createDb } from "@unbiased/worker-shared/db/client";
import { faultyD1 } from "@unbiased/worker-shared/testing/faulty-d1";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import type { ArticleVotes } from "../src/durable/article-votes.ts";
import { copyCounts } from "../src/storage/recorded-counts.ts";
import { articleVotes } from "../src/votes/cast-vote.ts";

const stats = (articleId: string) =>
  env.DB.prepare("SELECT upvotes, downvotes, vote_seq AS seq FROM articles WHERE id = ?")
    .bind(articleId)
    .all()
    .then((r) => r.results);

/** The object's D1 from now on (the real one, or a faulty wrapper around it). */
const useDb = (instance: ArticleVotes, db: D1Database) => {
  (instance as unknown as { env: Env }).env = { ...env, DB: db };
};

/** Casts the votes as the vote route does, then takes back the alarm they scheduled. */
async function castWithoutFlush(
  instance: ArticleVotes,
  state: DurableObjectState,
  articleId: string,
  votes: readonly (readonly [string, VoteType | null])[],
) {
  for (const [userId, vote] of votes) await instance.setVote(userId, vote, { articleId, ip: null });
  await state.storage.deleteAlarm();
}

describe("ArticleVotes flush: D1's copy of the counts", () => {
  it("sends 150 events in two chunks and writes the copy once, with the newest counts and number", async () => {
    const { id } = await insertArticle(env.DB);
    await runInDurableObject(articleVotes(env, id), async (instance: ArticleVotes, state) => {
      const voters = Array.from(
        { length: 150 },
        (_, i) => [`flush-${i}`, i % 3 === 0 ? "downvote" : "upvote"] as const,
      );
      await castWithoutFlush(instance, state, id, voters);
      const counting = faultyD1(env.DB, null);
      useDb(instance, counting.db);
      await instance.alarm();
      expect(instance.pendingEvents()).toBe(0);
      expect(counting.operations.filter((op) => /update articles set upvotes/i.test(op))).toHaveLength(1);
      expect(await stats(id)).toEqual([{ upvotes: 100, downvotes: 50, seq: 150 }]);
    });
  });

  it("makes a copy D1 refused on the alarm's retry, after the events have left", async () => {
    const { id } = await insertArticle(env.DB);
    await runInDurableObject(articleVotes(env, id), async (instance: ArticleVotes, state) => {
      await castWithoutFlush(instance, state, id, [
        ["retry-a", "upvote"],
        ["retry-b", "downvote"],
        ["retry-c", "upvote"],
      ]);
      useDb(instance, faultyD1(env.DB, { failOn: /update articles set upvotes/i }).db);
      await expect(instance.alarm()).rejects.toThrow(/D1_ERROR/);
      // The events went to the queue; only the copy is owed.
      expect(instance.pendingEvents()).toBe(0);
      expect(await stats(id)).toEqual([{ upvotes: 0, downvotes: 0, seq: 0 }]);
      useDb(instance, env.DB);
      await instance.alarm();
      expect(await stats(id)).toEqual([{ upvotes: 2, downvotes: 1, seq: 3 }]);
    });
  });

  it("never overwrites an erasure's newer copy with an older flush", async () => {
    const { id } = await insertArticle(env.DB);
    await runInDurableObject(articleVotes(env, id), async (instance: ArticleVotes, state) => {
      await castWithoutFlush(instance, state, id, [
        ["erase-a", "upvote"],
        ["erase-b", "upvote"],
      ]);
      // The account deletion takes erase-a's vote out and writes its own copy (erase-user-votes.ts)
      // before the flush of the two votes runs.
      const erasure = instance.eraseUser("erase-a");
      await copyCounts(createDb(env.DB), [{ articleId: id, ...erasure }]);
      await instance.alarm();
      expect(await stats(id)).toEqual([{ upvotes: 1, downvotes: 0, seq: 3 }]);
    });
  });

  it("writes no copy for an article D1 no longer has, and does not get stuck on it", async () => {
    await runInDurableObject(articleVotes(env, "gone-article"), async (instance: ArticleVotes, state) => {
      await castWithoutFlush(instance, state, "gone-article", [["gone-a", "upvote"]]);
      await instance.alarm();
      expect(instance.pendingEvents()).toBe(0);
      expect(await stats("gone-article")).toEqual([]);
      const pending = state.storage.sql.exec("SELECT count(*) AS n FROM pending_copy").one();
      expect(pending).toEqual({ n: 0 });
    });
  });
});
