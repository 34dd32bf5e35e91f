// Whatever order the queue brings a vote's events in, with duplicates and in batches of any size, the
// copies end exactly where the ArticleVotes object ended (ADR 022): each voter's history holds their
// last vote and the day's VoteLog every event once. D1's copy of the counts, written by the object's
// flushes and by erasures, ends on the last counts and number whatever order those copies land in.
import { env } from "cloudflare:test";
import type { VoteType } from "@unbiased/worker-shared/contracts/votes";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyCounts } from "../src/storage/recorded-counts.ts";
import { dayOf, shardOf, voteLog } from "../src/storage/vote-log-days.ts";
import { userVotes } from "../src/votes/cast-vote.ts";
import { type Delivery, deliver } from "./support/queue.ts";

const VOTERS = ["order-a", "order-b", "order-c"];
const AT = 1_700_000_000_000;

/** The events the object would send for these steps (a step that changes nothing sends none). */
function eventsOf(articleId: string, run: number, steps: { voter: number; vote: VoteType | null; tick: number }[]) {
  const current = new Map<string, VoteType | null>();
  const counts = { upvotes: 0, downvotes: 0 };
  const events: Delivery[] = [];
  let seq = 0;
  for (const step of steps) {
    const userId = VOTERS[step.voter] as string;
    const previous = current.get(userId) ?? null;
    if (previous === step.vote) continue;
    if (previous) counts[`${previous}s`] -= 1;
    if (step.vote) counts[`${step.vote}s`] += 1;
    current.set(userId, step.vote);
    seq += 1;
    events.push({
      id: `r${run}-m${seq}`,
      body: {
        jobId: `order-${run}-${seq}`,
        kind: "vote.changed",
        // Ticks repeat, so several changes share a millisecond: only the number orders them.
        payload: {
          articleId,
          userId,
          voteType: step.vote,
          previousVote: previous,
          ...counts,
          ip: null,
          at: AT + step.tick,
          seq,
        },
      },
    });
  }
  return { events, current, counts, seq };
}

type CountsPayload = { articleId: string; upvotes: number; downvotes: number; at: number; seq: number };

let runs = 0;

describe("vote events delivered out of order, twice, in any batches", () => {
  it("leave every copy where the object ended", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            voter: fc.integer({ min: 0, max: VOTERS.length - 1 }),
            vote: fc.constantFrom<VoteType | null>("upvote", "downvote", null),
            tick: fc.integer({ min: 0, max: 3 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.infiniteStream(fc.nat()),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 8 }),
        async (steps, randomness, batchSizes) => {
          const run = runs++;
          const { id: articleId } = await insertArticle(env.DB);
          // Ticks only grow with the steps, as the object's clock does.
          const timed = steps.map((step, i) => ({ ...step, tick: Math.floor(i / 2) + (step.tick % 2) }));
          const { events, current, counts, seq } = eventsOf(articleId, run, timed);
          if (events.length === 0) return;
          const random = randomness[Symbol.iterator]();
          const next = () => random.next().value as number;
          // Every event, and some twice; shuffled; cut into batches of the given sizes.
          const deliveries = [...events, ...events.filter(() => next() % 3 === 0)]
            .map((d) => ({ d, key: next() }))
            .sort((x, y) => x.key - y.key)
            .map(({ d }) => d);
          for (let i = 0, b = 0; i < deliveries.length; b++) {
            const size = batchSizes[b % batchSizes.length] as number;
            const result = await deliver(
              deliveries.slice(i, i + size).map((d, j) => ({ ...d, id: `${d.id}-${i + j}` })),
            );
            expect(result.retryMessages).toEqual([]);
            i += size;
          }

          for (const userId of VOTERS) {
            const history = (await userVotes(env, userId).all()).filter((v) => v.articleId === articleId);
            const last = current.get(userId) ?? null;
            expect(history.map((v) => v.voteType)).toEqual(last ? [last] : []);
          }
          // The counts of every delivery, copied in the same shuffled order, one write each.
          for (const { body } of deliveries) await copyCounts(createDb(env.DB), [body.payload as CountsPayload]);
          const stats = await env.DB.prepare("SELECT upvotes, downvotes, vote_seq AS seq FROM articles WHERE id = ?")
            .bind(articleId)
            .first();
          expect(stats).toEqual({ ...counts, seq });
          const logged = await Promise.all(
            VOTERS.map((userId) => voteLog(env, dayOf(AT), shardOf(userId)).eventsOf(userId)),
          );
          expect(logged.flat().filter((e) => e.articleId === articleId)).toHaveLength(events.length);
        },
      ),
      { numRuns: 25 },
    );
  });
});
