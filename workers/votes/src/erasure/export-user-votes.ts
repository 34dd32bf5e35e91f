// A user's votes for their data export (ADR 017, ADR 022): their current votes from their UserVotes
// object and their vote events from their shard of every retained day's VoteLog, oldest first. The
// objects are written by the vote-events consumer about a second after a vote; so that a vote cast a
// moment before the export is in it, the articles the user voted on in the last minutes (their
// limiter remembers them) are asked for the user's vote directly, and their answer is the current one.
import type { ExportedVote, ExportedVoteEvent } from "@unbiased/worker-shared/contracts/rpc";
import { userLogs } from "../storage/vote-log-days.ts";
import { articleVotes, userVotes, voteLimiter } from "../votes/cast-vote.ts";

/** Far longer than the consumer takes to copy a vote into the history (about a second). */
const FRESH_MS = 10 * 60_000;

export async function exportUserVotes(
  env: Env,
  userId: string,
): Promise<{ current: ExportedVote[]; events: ExportedVoteEvent[] }> {
  const [history, perDay, fresh] = await Promise.all([
    userVotes(env, userId).all(),
    Promise.all(userLogs(env, userId).map((log) => log.eventsOf(userId))),
    freshVotes(env, userId),
  ]);
  const byArticle = new Map(history.map((vote) => [vote.articleId, vote]));
  for (const [articleId, vote] of fresh) {
    if (vote) byArticle.set(articleId, { articleId, ...vote });
    else byArticle.delete(articleId);
  }
  const current = [...byArticle.values()].sort((a, b) => a.updatedAt - b.updatedAt);
  const events = perDay
    .flat()
    .sort((a, b) => a.at - b.at)
    .map((e) => ({
      id: e.id,
      articleId: e.articleId,
      voteType: e.voteType,
      previousVote: e.previousVote,
      ip: e.ip,
      createdAt: e.at,
    }));
  return { current, events };
}

/** The user's vote on each article they voted on lately, from the article's object (null: none now). */
async function freshVotes(env: Env, userId: string) {
  const recent = await voteLimiter(env, userId).recentArticles(userId, Date.now() - FRESH_MS);
  return Promise.all(
    recent.map(async (articleId) => [articleId, await articleVotes(env, articleId).voteOf(userId)] as const),
  );
}
