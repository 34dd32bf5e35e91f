// Reading and writing comment rows (threads, counts, single comments).

import { DELETED_COMMENT_TEXT } from "@unbiased/worker-shared/contracts/account";
import type { CommentStatus, CommentVoteType } from "@unbiased/worker-shared/contracts/comments";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import { articles, comments, userReputation, users } from "@unbiased/worker-shared/db/schema/index";
import { visibleFilter } from "@unbiased/worker-shared/db/visible-filter";
import { and, eq, inArray } from "drizzle-orm";
import { recordOfRow } from "./comment-records.ts";
import { articleThread } from "./objects.ts";

export type CommentRow = typeof comments.$inferSelect;

export async function findComment(db: Database, id: string): Promise<CommentRow | undefined> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  return row;
}

/**
 * The comment with its author's name and e-mail and its article's title (for messages to the author;
 * its text is a digest when the text is in its thread: storage/comment-texts.ts).
 */
export async function findCommentWithAuthor(db: Database, id: string) {
  const [row] = await db
    .select({ comment: comments, authorEmail: users.email, authorName: users.name, articleTitle: articles.title })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(articles, eq(articles.id, comments.articleId))
    .where(eq(comments.id, id));
  return row;
}

/**
 * Whether the article can be read, and so commented on: stored and not hidden. Read on every request,
 * never remembered by an isolate, so a hide holds from the moment it is answered.
 */
export async function articleIsVisible(db: Database, articleId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, articleId), eq(articles.status, "visible")));
  return Boolean(row);
}

/** The comment, when the article it is on is visible: what replies, votes and reports may act on. */
export async function findCommentOnVisibleArticle(db: Database, id: string): Promise<CommentRow | undefined> {
  const [row] = await db
    .select({ comment: comments })
    .from(comments)
    .innerJoin(articles, and(eq(articles.id, comments.articleId), eq(articles.status, "visible")))
    .where(eq(comments.id, id));
  return row?.comment;
}

/** Of `articleIds`, those that are visible (at most a batch's 20 ids: one statement). */
export async function visibleArticleIds(db: Database, articleIds: string[]): Promise<Set<string>> {
  if (articleIds.length === 0) return new Set();
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(inArray(articles.id, articleIds), visibleFilter()));
  return new Set(rows.map((row) => row.id));
}

/** One row of a thread: everything the public shape needs, in one query for the whole article. */
export interface ThreadRow {
  id: string;
  parentId: string | null;
  userId: string;
  userName: string;
  content: string;
  status: CommentStatus;
  createdAt: number;
  upvotes: number;
  downvotes: number;
  userReputation: number;
}

/**
 * Every comment of an article (any status: removed ones may still hold up visible replies) from the
 * article's thread object, which keeps their records, texts and counts (ADR 022 step 30), with the
 * reader's votes when one is signed in; D1 gives only the authors' names and scores, one query for
 * the thread's distinct authors.
 */
export async function loadThread(
  env: Env,
  db: Database,
  articleId: string,
  viewerId: string | null,
): Promise<{ rows: ThreadRow[]; votes: Map<string, CommentVoteType> }> {
  const read = await articleThread(env, articleId).readThread(articleId, viewerId);
  const authors = await authorsOf(db, [...new Set(read.rows.map((row) => row.userId))]);
  const rows = read.rows.flatMap((row): ThreadRow[] => {
    const author = authors.get(row.userId);
    // An author D1 no longer has is an account on its way out: its comments are not shown.
    if (!author) return [];
    return [
      { ...row, content: row.content ?? DELETED_COMMENT_TEXT, userName: author.name, userReputation: author.score },
    ];
  });
  return { rows, votes: new Map(read.votes.map((vote) => [vote.commentId, vote.voteType])) };
}

/** The names and reputation scores of these users (a user without a reputation row has 0). */
async function authorsOf(db: Database, userIds: string[]): Promise<Map<string, { name: string; score: number }>> {
  if (userIds.length === 0) return new Map();
  const { results } = await raw(
    db,
    `SELECT u.id, u.name, COALESCE(r.score, 0) AS score
     FROM users u LEFT JOIN user_reputation r ON r.user_id = u.id
     WHERE u.id IN (SELECT value FROM json_each(?))`,
    JSON.stringify(userIds),
  ).all<{ id: string; name: string; score: number }>();
  return new Map(results.map((row) => [row.id, { name: row.name, score: row.score }]));
}

/**
 * Approved comments per article (the public count), as the article's row keeps it (ADR 022 step 31);
 * articles without any get 0.
 */
export async function countApproved(db: Database, articleIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(articleIds.map((id) => [id, 0]));
  if (articleIds.length === 0) return counts;
  const rows = await db
    .select({ id: articles.id, n: articles.approvedComments })
    .from(articles)
    .where(inArray(articles.id, articleIds));
  for (const row of rows) counts.set(row.id, row.n);
  return counts;
}

/**
 * Counts articles' approved comments again from D1's rows (writing only the counts that differ), for a
 * batch that removes or empties comments outside the threads' status changes (an account's deletion,
 * an admin's removal for good), and after a deploy (migration/recount-approved.ts).
 */
export const recountApproved = (db: Database, articleIds: string[]) =>
  raw(
    db,
    `UPDATE articles SET approved_comments =
       (SELECT count(*) FROM comments c WHERE c.article_id = articles.id AND c.status = 'approved')
     WHERE id IN (SELECT value FROM json_each(?))
       AND approved_comments <> (SELECT count(*) FROM comments c WHERE c.article_id = articles.id AND c.status = 'approved')`,
    JSON.stringify(articleIds),
  );

/** The author's name and score, for a comment shown right after posting. */
export async function authorSummary(db: Database, userId: string) {
  const [row] = await db
    .select({ name: users.name, score: userReputation.score })
    .from(users)
    .leftJoin(userReputation, eq(userReputation.userId, users.id))
    .where(eq(users.id, userId));
  return { name: row?.name ?? "", score: row?.score ?? 0 };
}

/**
 * Records why a new comment is still pending (shown in ModMe), only while nobody has acted on it yet
 * (still pending, no reason): on its thread's record (ADR 022 step 30), then D1's copy. Returns whether
 * the thread noted it.
 */
export async function notePendingReason(env: Env, db: Database, comment: CommentRow, reason: string): Promise<boolean> {
  const noted = await articleThread(env, comment.articleId).noteReason(
    comment.articleId,
    comment.id,
    reason,
    recordOfRow(comment),
  );
  if (!noted) return false;
  await raw(
    db,
    `UPDATE comments SET status_reason = ?, updated_at = ?
     WHERE id = ? AND status = 'pending' AND status_reason IS NULL`,
    reason,
    Date.now(),
    comment.id,
  ).run();
  return true;
}
