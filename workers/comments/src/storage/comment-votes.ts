// One vote per user per comment (spec §3 semantics of article votes): set, switch, remove. The comment's
// counts are recounted from comment_votes in the same batch (never drift), and the author's reputation
// moves with each change as a "votes received" event.

import {
  type CommentVoteType,
  REPUTATION_DOWNVOTE_RECEIVED,
  REPUTATION_REASONS,
  REPUTATION_UPVOTE_RECEIVED,
} from "@unbiased/worker-shared/contracts/comments";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw, runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { reputationChangeStatements } from "./reputation.ts";

const points = (vote: CommentVoteType | null) =>
  vote === "upvote" ? REPUTATION_UPVOTE_RECEIVED : vote === "downvote" ? REPUTATION_DOWNVOTE_RECEIVED : 0;
const ups = (vote: CommentVoteType | null) => (vote === "upvote" ? 1 : 0);
const downs = (vote: CommentVoteType | null) => (vote === "downvote" ? 1 : 0);

export async function currentVote(db: Database, commentId: string, userId: string): Promise<CommentVoteType | null> {
  const row = await raw(
    db,
    "SELECT vote_type AS voteType FROM comment_votes WHERE comment_id = ? AND user_id = ?",
    commentId,
    userId,
  ).first<{ voteType: CommentVoteType }>();
  return row?.voteType ?? null;
}

export interface VoteChange {
  commentId: string;
  authorId: string;
  voterId: string;
  /** The vote to hold after the call; null removes it. */
  vote: CommentVoteType | null;
}

/** Sets (or removes) the voter's vote and returns the comment's counts after it. Idempotent. */
export async function setCommentVote(db: Database, change: VoteChange) {
  const previous = await currentVote(db, change.commentId, change.voterId);
  const now = Date.now();
  const statements: D1PreparedStatement[] = [
    change.vote === null
      ? raw(db, "DELETE FROM comment_votes WHERE comment_id = ? AND user_id = ?", change.commentId, change.voterId)
      : raw(
          db,
          `INSERT INTO comment_votes (comment_id, user_id, vote_type, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (comment_id, user_id) DO UPDATE SET vote_type = excluded.vote_type, created_at = excluded.created_at`,
          change.commentId,
          change.voterId,
          change.vote,
          now,
        ),
    raw(
      db,
      `UPDATE comments SET
         upvotes = (SELECT count(*) FROM comment_votes WHERE comment_id = ?1 AND vote_type = 'upvote'),
         downvotes = (SELECT count(*) FROM comment_votes WHERE comment_id = ?1 AND vote_type = 'downvote')
       WHERE id = ?1`,
      change.commentId,
    ),
  ];
  if (previous !== change.vote) {
    statements.push(
      ...reputationChangeStatements(
        db,
        {
          userId: change.authorId,
          delta: points(change.vote) - points(previous),
          reason: REPUTATION_REASONS.votesReceived,
          actorId: null,
          upvotes: ups(change.vote) - ups(previous),
          downvotes: downs(change.vote) - downs(previous),
        },
        undefined,
        now,
      ),
    );
  }
  statements.push(raw(db, "SELECT upvotes, downvotes FROM comments WHERE id = ?", change.commentId));
  const results = await runBatch(db, statements);
  const counts = results[results.length - 1]?.results[0] as { upvotes: number; downvotes: number } | undefined;
  return {
    commentId: change.commentId,
    upvotes: counts?.upvotes ?? 0,
    downvotes: counts?.downvotes ?? 0,
    userVote: change.vote,
  };
}

/** The user's most recent comment votes with their article (for the profile's Voting History). */
export async function recentCommentVotes(db: Database, userId: string, limit: number) {
  const { results } = await raw(
    db,
    `SELECT v.comment_id AS commentId, c.article_id AS articleId, a.title AS title, v.vote_type AS voteType,
            v.created_at AS createdAt
     FROM comment_votes v
     JOIN comments c ON c.id = v.comment_id
     LEFT JOIN articles a ON a.id = c.article_id
     WHERE v.user_id = ?
     ORDER BY v.created_at DESC
     LIMIT ?`,
    userId,
    limit,
  ).all<{ commentId: string; articleId: string; title: string | null; voteType: CommentVoteType; createdAt: number }>();
  return results;
}
