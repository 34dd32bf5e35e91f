// An account deletion's article votes (ADR 017), called by the gateway over RPC (VotesService) after it
// has revoked every session of the user. In order:
//  1. the user's limiter stops their votes and names the articles they voted on (written with each
//     vote, so it knows what the D1 copy may not have received yet);
//  2. with the articles the D1 copy names, every one of those articles' objects takes the user's vote
//     out of its counts and refuses their votes from then on, and sends its outbox;
//  3. the counts after that are written to the D1 copy;
//  4. the vote events already on the queue are let land (at most DRAIN_TIMEOUT_MS; otherwise the
//     answer says so, and the gateway stops the deletion there, before anything but the votes was
//     touched: it is retried later);
//  5. then the user's rows go from the D1 copy and from the limiter.
// Each step can run again: a retried deletion finds nothing left to take out and goes on.
import type { VotesErasure } from "@unbiased/worker-shared/contracts/account";
import { createDb, type Database } from "@unbiased/worker-shared/db/client";
import { articlesInCopy, copyCounts, openVoteJobs, removeUserRows } from "../storage/user-erasure.ts";
import { articleVotes, voteLimiter } from "../votes/cast-vote.ts";

/** How long the deletion waits for the queued vote events to land before it gives up for now. */
export const DRAIN_TIMEOUT_MS = 15_000;
const DRAIN_POLL_MS = 200;
/** Articles' objects asked at once: a heavy voter's deletion must not open hundreds of calls together. */
const PARALLEL_OBJECTS = 8;

export async function eraseUserVotes(
  env: Env,
  userId: string,
  drainTimeoutMs = DRAIN_TIMEOUT_MS,
): Promise<VotesErasure> {
  const db = createDb(env.DB);
  const limiter = voteLimiter(env, userId);
  const fromLimiter = await limiter.stopVotes(userId);
  const articleIds = [...new Set([...fromLimiter, ...(await articlesInCopy(db, userId))])];

  const erasures = await mapInBatches(articleIds, PARALLEL_OBJECTS, async (articleId) => ({
    articleId,
    ...(await articleVotes(env, articleId).eraseUser(userId)),
  }));
  const removed = erasures.filter((e) => e.removed !== null);
  await copyCounts(
    db,
    removed.map(({ articleId, upvotes, downvotes, at }) => ({ articleId, upvotes, downvotes, at })),
  );

  // Every event of the user is on the queue now (each object sent its outbox): wait for them to land,
  // so none writes a row of the user after the rows are removed below.
  const outcome = { articles: articleIds.length, votesRemoved: removed.length };
  if (!(await drained(db, Date.now(), drainTimeoutMs))) return { complete: false, ...outcome };
  await removeUserRows(db, userId);
  await limiter.forget(userId);
  return { complete: true, ...outcome };
}

/** Waits until no vote event sent by `sentBefore` is still open; false if that takes over `timeoutMs`. */
async function drained(db: Database, sentBefore: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while ((await openVoteJobs(db, sentBefore)) > 0) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
  }
  return true;
}

/** Runs `task` over the items, `size` at a time. */
async function mapInBatches<T, R>(items: T[], size: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(task))));
  return out;
}
