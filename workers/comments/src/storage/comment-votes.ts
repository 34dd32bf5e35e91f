// One vote per user per comment (spec §3 semantics of article votes): set, switch, remove. The votes
// live in Durable Objects (ADR 022): each article's in its ArticleThread object, which moves the
// comment's counts by the difference from the vote it replaces and hands D1 its copy (the counts on the
// comment's row, the author's reputation); each voter's list in their UserCommentVotes object, which
// every vote passes through.

import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import type { ThreadVote, ThreadVoteResult } from "../durable/article-thread.ts";
import type { ListedCommentVote } from "../durable/user-comment-votes.ts";
import { userCommentVotes } from "./objects.ts";

/** Sets (or removes) the voter's vote and returns the comment's counts after it. Idempotent. */
export function setCommentVote(env: Env, change: ThreadVote): Promise<ThreadVoteResult> {
  return userCommentVotes(env, change.voterId).vote(change);
}

/**
 * The comments of `votes` that D1 still has, with their article's title: a vote on a comment deleted
 * since stays in its voter's list, and is left out where the list is shown.
 */
async function withTitles(db: Database, votes: ListedCommentVote[]) {
  if (votes.length === 0) return [];
  const { results } = await raw(
    db,
    `SELECT c.id AS commentId, a.title AS title
     FROM comments c LEFT JOIN articles a ON a.id = c.article_id
     WHERE c.id IN (SELECT value FROM json_each(?))`,
    JSON.stringify(votes.map((vote) => vote.commentId)),
  ).all<{ commentId: string; title: string | null }>();
  const titles = new Map(results.map((row) => [row.commentId, row.title]));
  return votes.flatMap((vote) =>
    titles.has(vote.commentId) ? [{ ...vote, title: titles.get(vote.commentId) ?? null }] : [],
  );
}

/** The user's most recent comment votes with their article (for the profile's Voting History). */
export async function recentCommentVotes(env: Env, db: Database, userId: string, limit: number) {
  return withTitles(db, await userCommentVotes(env, userId).recent(limit));
}

/** Every comment vote of the user, oldest first (the data export): their list's, then any D1 still keeps. */
export async function exportCommentVotes(env: Env, db: Database, userId: string) {
  const voter = userCommentVotes(env, userId);
  const listed = await voter.all();
  const { results: legacy } = await raw(
    db,
    `SELECT v.comment_id AS commentId, c.article_id AS articleId, v.vote_type AS voteType, v.created_at AS createdAt
     FROM comment_votes v JOIN comments c ON c.id = v.comment_id WHERE v.user_id = ?`,
    userId,
  ).all<ListedCommentVote>();
  // An old row of a comment the list has (a vote changed or removed since) is not the vote any more.
  const seen = new Set(legacy.length > 0 ? await voter.listedAmong(legacy.map((vote) => vote.commentId)) : []);
  return [...listed, ...legacy.filter((vote) => !seen.has(vote.commentId))].sort((a, b) => a.createdAt - b.createdAt);
}
