// One vote per user per comment (spec §3 semantics of article votes): set, switch, remove. The comment's
// counts and the author's reputation ("votes received") move by the difference between the new vote
// and the one the batch finds, in the same batch as the vote row, so they never drift and a vote reads
// a few rows, not every vote the comment has (ADR 022).

import {
  type CommentVoteType,
  REPUTATION_DOWNVOTE_RECEIVED,
  REPUTATION_REASONS,
  REPUTATION_UPVOTE_RECEIVED,
} from "@unbiased/worker-shared/contracts/comments";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw, runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { type Amount, dailyEntryId, reputationChangeStatements, type StatementGuard } from "./reputation.ts";

const points = (vote: CommentVoteType | null) =>
  vote === "upvote" ? REPUTATION_UPVOTE_RECEIVED : vote === "downvote" ? REPUTATION_DOWNVOTE_RECEIVED : 0;
const ups = (vote: CommentVoteType | null) => (vote === "upvote" ? 1 : 0);
const downs = (vote: CommentVoteType | null) => (vote === "downvote" ? 1 : 0);

/** An amount computed in SQL (an `Amount` that is not a constant). */
type SqlAmount = Exclude<Amount, number>;

/** The voter's vote on the comment as the batch finds it (NULL when none), as a SQL expression. */
const PREVIOUS_VOTE = "(SELECT vote_type FROM comment_votes WHERE comment_id = ? AND user_id = ?)";

/**
 * `value(new vote) - value(previous vote)`, computed in SQL from the vote row at the moment the batch
 * runs: the reputation change and the vote change are one atomic step, so requests that race each
 * apply the difference from the vote the one before them left (ADR 011).
 */
function differenceFrom(change: VoteChange, value: (vote: CommentVoteType | null) => number): SqlAmount {
  return {
    sql: `? - (CASE ${PREVIOUS_VOTE} WHEN 'upvote' THEN ? WHEN 'downvote' THEN ? ELSE ? END)`,
    params: [value(change.vote), change.commentId, change.voterId, value("upvote"), value("downvote"), value(null)],
  };
}

export interface VoteChange {
  commentId: string;
  authorId: string;
  voterId: string;
  /** The vote to hold after the call; null removes it. */
  vote: CommentVoteType | null;
  /**
   * The voter's session: the change applies only while it has not ended, decided inside the batch. An
   * account deletion ends every session (`ended_sessions`) before it takes the user's votes out, so a
   * vote that passed its sign-in check just before cannot land after the deletion has counted them
   * (ADR 017).
   */
  sessionId?: string;
}

/** The change's writes: the author's reputation, the comment's counts, the vote row. */
export function commentVoteStatements(db: Database, change: VoteChange, now = Date.now()): D1PreparedStatement[] {
  const open: StatementGuard = change.sessionId
    ? { sql: "NOT EXISTS (SELECT 1 FROM ended_sessions WHERE session_id = ?)", params: [change.sessionId] }
    : { sql: "1", params: [] };
  // Everything happens only when the vote really changes (a repeat writes nothing), decided inside
  // the batch; the reputation statements run before the vote row changes, so they see the previous one.
  const changes: StatementGuard = {
    sql: `${PREVIOUS_VOTE} IS NOT ? AND ${open.sql}`,
    params: [change.commentId, change.voterId, change.vote, ...open.params],
  };
  const up = differenceFrom(change, ups);
  const down = differenceFrom(change, downs);
  return [
    ...reputationChangeStatements(
      db,
      {
        userId: change.authorId,
        delta: differenceFrom(change, points),
        reason: REPUTATION_REASONS.votesReceived,
        actorId: null,
        entryId: dailyEntryId(REPUTATION_REASONS.votesReceived, change.authorId, now),
        upvotes: up,
        downvotes: down,
      },
      changes,
      now,
    ),
    // Before the vote row changes, like the reputation, so the difference is from the previous vote.
    raw(
      db,
      `UPDATE comments SET upvotes = upvotes + ${up.sql}, downvotes = downvotes + ${down.sql}
       WHERE id = ? AND ${changes.sql}`,
      ...up.params,
      ...down.params,
      change.commentId,
      ...changes.params,
    ),
    change.vote === null
      ? raw(
          db,
          `DELETE FROM comment_votes WHERE comment_id = ? AND user_id = ? AND ${open.sql}`,
          change.commentId,
          change.voterId,
          ...open.params,
        )
      : raw(
          db,
          // INSERT … SELECT (not VALUES) so the session's guard applies; SQLite needs its WHERE for the upsert.
          `INSERT INTO comment_votes (comment_id, user_id, vote_type, created_at) SELECT ?, ?, ?, ? WHERE ${open.sql}
           ON CONFLICT (comment_id, user_id) DO UPDATE SET vote_type = excluded.vote_type, created_at = excluded.created_at
           WHERE vote_type IS NOT excluded.vote_type`,
          change.commentId,
          change.voterId,
          change.vote,
          now,
          ...open.params,
        ),
  ];
}

/** Sets (or removes) the voter's vote and returns the comment's counts after it. Idempotent. */
export async function setCommentVote(db: Database, change: VoteChange) {
  const results = await runBatch(db, [
    ...commentVoteStatements(db, change),
    raw(db, "SELECT upvotes, downvotes FROM comments WHERE id = ?", change.commentId),
  ]);
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
