// D1's copy of what an article's comment votes did (ADR 022): each comment's counts on its row and the
// authors' reputation totals (the "votes received" history entries are in each author's
// ReputationHistory object). The article's ArticleThread
// object is the record of the votes; it hands its changes here, numbered, from its outbox. Each change
// applies only while D1 has not yet taken that number for the article (`comment_vote_copies`), in the
// same batch that moves the number on, so a batch sent again after a failure, or twice, writes nothing
// twice.

import {
  type CommentVoteType,
  REPUTATION_DOWNVOTE_RECEIVED,
  REPUTATION_REASONS,
  REPUTATION_UPVOTE_RECEIVED,
} from "@unbiased/worker-shared/contracts/comments";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw, runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { notYetTaken, takeNumber } from "./copy-numbers.ts";
import { reputationChangeStatements } from "./reputation.ts";

/** One change of a comment's votes, as the thread's outbox keeps it. */
export interface CommentVoteCopy {
  /** The thread object's number of the change. */
  seq: number;
  commentId: string;
  authorId: string;
  /** How the comment's counts moved (-1, 0 or 1 each). */
  upvotes: number;
  downvotes: number;
  at: number;
}

/** The points a change moves its comment's author by. */
export const pointsOf = (copy: Pick<CommentVoteCopy, "upvotes" | "downvotes">) =>
  copy.upvotes * REPUTATION_UPVOTE_RECEIVED + copy.downvotes * REPUTATION_DOWNVOTE_RECEIVED;

/**
 * Applies the thread's changes (oldest first) in one batch. The reputation moves only while the
 * comment is still its author's (a deleted account's kept comments belong to '[deleted]', which earns
 * nothing), and the counts only while the comment exists.
 */
export async function applyCommentVoteCopies(db: Database, articleId: string, copies: CommentVoteCopy[]) {
  const last = copies.at(-1);
  if (!last) return;
  await runBatch(db, [
    ...copies.flatMap((copy) => {
      const fresh = notYetTaken("comment_vote_copies", articleId, copy.seq);
      const stillTheAuthors = {
        sql: `${fresh.sql} AND EXISTS (SELECT 1 FROM comments WHERE id = ? AND user_id = ?)`,
        params: [...fresh.params, copy.commentId, copy.authorId],
      };
      return [
        ...reputationChangeStatements(
          db,
          {
            userId: copy.authorId,
            delta: pointsOf(copy),
            reason: REPUTATION_REASONS.votesReceived,
            // The day's entry is the author's ReputationHistory object's (the thread hands it there).
            entryInD1: false,
            upvotes: copy.upvotes,
            downvotes: copy.downvotes,
          },
          stillTheAuthors,
          copy.at,
        ),
        raw(
          db,
          `UPDATE comments SET upvotes = upvotes + ?, downvotes = downvotes + ? WHERE id = ? AND ${fresh.sql}`,
          copy.upvotes,
          copy.downvotes,
          copy.commentId,
          ...fresh.params,
        ),
      ];
    }),
    takeNumber(db, "comment_vote_copies", articleId, last.seq),
  ]);
}

/** A comment vote D1 kept before the threads' objects (the thread imports them; migration/move-comment-votes.ts moves them). */
export interface LegacyCommentVote {
  commentId: string;
  authorId: string;
  userId: string;
  voteType: CommentVoteType;
  createdAt: number;
}

/** The article's comment votes D1 still keeps from before the objects, with each comment's author. */
export async function legacyVotesOfArticle(db: Database, articleId: string): Promise<LegacyCommentVote[]> {
  const { results } = await raw(
    db,
    `SELECT v.comment_id AS commentId, c.user_id AS authorId, v.user_id AS userId, v.vote_type AS voteType,
            v.created_at AS createdAt
     FROM comments c JOIN comment_votes v ON v.comment_id = c.id
     WHERE c.article_id = ?`,
    articleId,
  ).all<LegacyCommentVote>();
  return results;
}
