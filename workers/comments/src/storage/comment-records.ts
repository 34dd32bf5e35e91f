// D1's comment rows as the threads' records (ADR 022 step 30): what a thread takes in of its article's
// comments at its first call after the records came (with the texts D1 still holds and the counts the
// thread has no votes for), and the record a request hands a thread that lacks one.

import type { CommentStatus, CommentText } from "@unbiased/worker-shared/contracts/comments";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import type { CommentRecord } from "../durable/thread-records.ts";
import type { CommentRow } from "./comments.ts";

/** The record of a comment as D1's row has it. */
export const recordOfRow = (
  row: Pick<
    CommentRow,
    "id" | "userId" | "parentId" | "status" | "statusReason" | "createdAt" | "approvedAt" | "updatedAt"
  >,
): CommentRecord => ({
  commentId: row.id,
  authorId: row.userId,
  parentId: row.parentId,
  status: row.status,
  reason: row.statusReason,
  createdAt: row.createdAt,
  approvedAt: row.approvedAt,
  at: row.approvedAt ?? row.updatedAt,
});

/**
 * D1's copy of a status change's own update (the first statement of every change's copy, built on a
 * recording database: thread-status.ts). An approval joins ModMe's Approved tab; any other move leaves it.
 */
export const statusUpdateStatement = (
  rec: Database,
  commentId: string,
  update: { to: CommentStatus; reason: string | null; approvedAt: number | null; at: number },
) =>
  raw(
    rec,
    `UPDATE comments SET status = ?, status_reason = ?, approved_at = ?, in_approved_tab = ?, updated_at = ?
     WHERE id = ?`,
    update.to,
    update.reason,
    update.approvedAt,
    update.approvedAt === null ? 0 : 1,
    update.at,
    commentId,
  );

/** What a thread takes in of D1's comments of its article. */
export interface ArticleComments {
  records: CommentRecord[];
  /** Texts D1 still holds (comments the texts' move has not reached). */
  texts: CommentText[];
  /** D1's counts of each comment that has any, with its author (the thread keeps its own where it has them). */
  counts: { commentId: string; authorId: string; upvotes: number; downvotes: number }[];
}

export async function commentsOfArticle(db: Database, articleId: string): Promise<ArticleComments> {
  const { results } = await raw(
    db,
    `SELECT id, user_id AS userId, parent_id AS parentId, status, status_reason AS statusReason,
            created_at AS createdAt, updated_at AS updatedAt, approved_at AS approvedAt, upvotes, downvotes,
            text_in_thread AS textInThread, content
     FROM comments WHERE article_id = ?`,
    articleId,
  ).all<Omit<CommentRow, "textInThread"> & { textInThread: number }>();
  return {
    records: results.map(recordOfRow),
    texts: results.filter((row) => !row.textInThread).map((row) => ({ commentId: row.id, body: row.content })),
    counts: results
      .filter((row) => row.upvotes + row.downvotes > 0)
      .map((row) => ({ commentId: row.id, authorId: row.userId, upvotes: row.upvotes, downvotes: row.downvotes })),
  };
}
