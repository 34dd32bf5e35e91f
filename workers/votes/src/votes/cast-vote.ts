// One vote as the routes apply it: the user's limit (VoteLimiter), then the article's object
// (ArticleVotes), which changes the counts and the user's vote in one step and queues the event.

import { AUTH_MESSAGES } from "@unbiased/worker-shared/contracts/auth";
import { type UserVoteState, VOTE_MESSAGES, type VoteType } from "@unbiased/worker-shared/contracts/votes";
import { ApiError, notFound, tooManyRequests, unauthorized } from "@unbiased/worker-shared/http/errors";
import { voteLimitRule } from "../config.ts";
import { limiterBucket } from "../durable/vote-limiter.ts";

export const articleVotes = (env: Env, articleId: string) =>
  env.ARTICLE_VOTES.get(env.ARTICLE_VOTES.idFromName(articleId));
/** The user's own history object (ADR 022). */
export const userVotes = (env: Env, userId: string) => env.USER_VOTES.get(env.USER_VOTES.idFromName(userId));
/** The limiter object that holds this user's window (one of LIMITER_BUCKETS). */
export const voteLimiter = (env: Env, userId: string) =>
  env.VOTE_LIMITER.get(env.VOTE_LIMITER.idFromName(`bucket:${limiterBucket(userId)}`));

export interface CastVote {
  userId: string;
  articleId: string;
  /** null removes the user's vote. */
  voteType: VoteType | null;
  ip: string | null;
  requestId?: string;
}

export interface CastResult {
  articleId: string;
  upvotes: number;
  downvotes: number;
  userVote: UserVoteState;
}

/**
 * Applies one vote for an article known to exist. Every call counts against the user's limit, a
 * removal included (switching back and forth is still voting); a refused one changes nothing.
 */
export async function castVote(env: Env, vote: CastVote): Promise<CastResult> {
  const rule = voteLimitRule(env);
  const decision = await voteLimiter(env, vote.userId).consume(
    vote.userId,
    rule.limit,
    rule.windowMs,
    Date.now(),
    vote.articleId,
  );
  // A vote that passed its sign-in check just before the account's deletion revoked the sessions.
  if (decision.erased) throw unauthorized(AUTH_MESSAGES.sessionEnded);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds, VOTE_MESSAGES.tooMany);
  const change = await articleVotes(env, vote.articleId).setVote(vote.userId, vote.voteType, {
    articleId: vote.articleId,
    ip: vote.ip,
    ...(vote.requestId ? { requestId: vote.requestId } : {}),
  });
  if (change.erased) throw unauthorized(AUTH_MESSAGES.sessionEnded);
  if (change.hidden) throw articleMissing();
  return {
    articleId: vote.articleId,
    upvotes: change.upvotes,
    downvotes: change.downvotes,
    userVote: change.userVote ?? "none",
  };
}

export const articleMissing = () => notFound(VOTE_MESSAGES.articleNotFound);

/** The error text of a failed item in a batch answer. */
export const itemError = (err: unknown) =>
  err instanceof ApiError ? err.message : "Something went wrong. Please try again.";
