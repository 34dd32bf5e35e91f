// Reading and writing comment rows (threads, counts, single comments).

import { withFoundTexts } from "@unbiased/worker-shared/comments/found-texts";
import type { CommentStatus, CommentVoteType } from "@unbiased/worker-shared/contracts/comments";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import { articles, comments, userReputation, users } from "@unbiased/worker-shared/db/schema/index";
import { visibleFilter } from "@unbiased/worker-shared/db/visible-filter";
import { and, eq, inArray, sql } from "drizzle-orm";
import { isShown } from "../thread/visibility.ts";
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

/** A thread's row as D1 has it: its content is the text's digest when the text is in the thread's object. */
type StoredThreadRow = ThreadRow & { textInThread: number };

/**
 * Every comment of an article (any status: removed ones may still hold up visible replies), in one D1
 * query whatever the thread's size, and from the article's thread object (ADR 022) the texts it keeps
 * and the viewer's votes. A signed-in read asks the object beside D1. The comments the viewer voted
 * on show the object's counts, so their own vote is always in the count beside it even before D1's
 * copy has caught up.
 */
export async function loadThread(
  env: Env,
  db: Database,
  articleId: string,
  viewerId: string | null,
): Promise<{ rows: ThreadRow[]; votes: Map<string, CommentVoteType> }> {
  const rowsQuery = raw(
    db,
    `SELECT c.id, c.parent_id AS parentId, c.user_id AS userId, u.name AS userName, c.content,
            c.text_in_thread AS textInThread, c.status, c.created_at AS createdAt, c.upvotes,
            c.downvotes, COALESCE(r.score, 0) AS userReputation
     FROM comments c
     JOIN users u ON u.id = c.user_id
     LEFT JOIN user_reputation r ON r.user_id = c.user_id
     WHERE c.article_id = ?
     ORDER BY c.created_at, c.id`,
    articleId,
  ).all<StoredThreadRow>();
  const thread = articleThread(env, articleId);
  const [{ results }, viewerRead] = await Promise.all([
    rowsQuery,
    viewerId ? thread.read(articleId, viewerId, "all") : null,
  ]);
  // Signed out, the object is asked after D1, for the texts of the comments shown (approved ones) and
  // only when it has some: a thread without comments in it, or not yet moved, never wakes it.
  const shown = results.filter((row) => row.textInThread && isShown(row, null)).map((row) => row.id);
  const read = viewerRead ?? (shown.length > 0 ? await thread.read(articleId, null, shown) : null);
  const own = new Map(read?.votes.map((vote) => [vote.commentId, vote]));
  const rows = withFoundTexts(results, read?.texts ?? []).map(({ textInThread: _, ...row }): ThreadRow => {
    const vote = own.get(row.id);
    return vote ? { ...row, upvotes: vote.upvotes, downvotes: vote.downvotes } : row;
  });
  return { rows, votes: new Map([...own].map(([commentId, vote]) => [commentId, vote.voteType])) };
}

/** Approved comments per article (the public count); articles without any get 0. */
export async function countApproved(db: Database, articleIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(articleIds.map((id) => [id, 0]));
  if (articleIds.length === 0) return counts;
  const rows = await db
    .select({ articleId: comments.articleId, n: sql<number>`count(*)` })
    .from(comments)
    .where(and(inArray(comments.articleId, articleIds), eq(comments.status, "approved")))
    .groupBy(comments.articleId);
  for (const row of rows) counts.set(row.articleId, row.n);
  return counts;
}

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
 * (still pending, no reason). Returns whether it was written.
 */
export async function notePendingReason(db: Database, commentId: string, reason: string): Promise<boolean> {
  const result = await raw(
    db,
    `UPDATE comments SET status_reason = ?, updated_at = ?
     WHERE id = ? AND status = 'pending' AND status_reason IS NULL`,
    reason,
    Date.now(),
    commentId,
  ).run();
  return result.meta.changes > 0;
}
