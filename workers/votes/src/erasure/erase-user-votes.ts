// An account deletion's article votes (ADR 017), called by the gateway over RPC (VotesService) after it
// has revoked every session of the user. In order:
//  1. the user's limiter stops their votes and names the articles they voted on (written with each
//     vote, so it knows what the copies may not have received yet), as do their UserVotes object and
//     the D1 copy;
//  2. with those articles, every one of those articles' objects takes the user's vote out of its counts
//     and refuses their votes from then on;
//  3. the counts after that are written to the D1 copy;
//  4. the user's history object is emptied, and so is every retained day's VoteLog shard of theirs:
//     each refuses the user's events from then on, so an event of theirs still on the queue writes
//     nothing of them when it lands (ADR 022) and nothing waits for the queue to drain;
//  5. then their rows go from the D1 copy (kept there before ADR 022) and from the limiter.
// Each step can run again: a retried deletion finds nothing left to take out and goes on.
import type { VotesErasure } from "@unbiased/worker-shared/contracts/account";
import { createDb } from "@unbiased/worker-shared/db/client";
import { copyCounts } from "../storage/recorded-counts.ts";
import { articlesInCopy, removeUserRows } from "../storage/user-erasure.ts";
import { userLogs } from "../storage/vote-log-days.ts";
import { articleVotes, userVotes, voteLimiter } from "../votes/cast-vote.ts";

/** Articles' objects asked at once: a heavy voter's deletion must not open hundreds of calls together. */
const PARALLEL_OBJECTS = 8;

export async function eraseUserVotes(env: Env, userId: string): Promise<VotesErasure> {
  const db = createDb(env.DB);
  const limiter = voteLimiter(env, userId);
  const history = userVotes(env, userId);
  const fromLimiter = await limiter.stopVotes(userId);
  const articleIds = [
    ...new Set([...fromLimiter, ...(await history.articleIds()), ...(await articlesInCopy(db, userId))]),
  ];

  const erasures = await mapInBatches(articleIds, PARALLEL_OBJECTS, async (articleId) => ({
    articleId,
    ...(await articleVotes(env, articleId).eraseUser(userId)),
  }));
  const removed = erasures.filter((e) => e.removed !== null);
  await copyCounts(
    db,
    removed.map(({ articleId, upvotes, downvotes, at, seq }) => ({ articleId, upvotes, downvotes, at, seq })),
  );

  await history.erase();
  await mapInBatches(userLogs(env, userId), PARALLEL_OBJECTS, (log) => log.eraseUser(userId));
  await removeUserRows(db, userId);
  await limiter.forget(userId);
  return { articles: articleIds.length, votesRemoved: removed.length };
}

/** Runs `task` over the items, `size` at a time. */
async function mapInBatches<T, R>(items: T[], size: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(task))));
  return out;
}
