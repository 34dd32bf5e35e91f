// Each comment's record, in its article's ArticleThread object (ADR 022 steps 29, 30): its author,
// parent, status (with its reason and the time it took it) and times, beside the text (thread-texts.ts)
// and the counts the object already keeps. The thread's read comes from here; D1's row is a copy until
// the rows leave. Plain functions over the object's SQLite, called in its methods.
//
// A comment posted since has its record from the post. The comments D1 had before are taken in once, at
// the object's first call (with their texts still in D1 and their counts): see ArticleThread.adopt.

import { DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import type { CommentStatus } from "@unbiased/worker-shared/contracts/comments";

// Type aliases, not interfaces: SqlStorage's exec takes them as its row type.
export type CommentRecord = {
  commentId: string;
  authorId: string;
  parentId: string | null;
  status: CommentStatus;
  /** Why it is pending or was removed (ModMe's reason, a held signal); null otherwise. */
  reason: string | null;
  createdAt: number;
  approvedAt: number | null;
  /** When it took its status. */
  at: number;
};

/** A row of the thread's read: the record with its text (null when the thread has none) and counts. */
export type ThreadRecordRow = {
  id: string;
  parentId: string | null;
  userId: string;
  status: CommentStatus;
  createdAt: number;
  content: string | null;
  upvotes: number;
  downvotes: number;
};

export function createRecordTables(sql: SqlStorage): void {
  sql.exec(`CREATE TABLE IF NOT EXISTS comment_records (
    comment_id TEXT PRIMARY KEY, author_id TEXT NOT NULL, parent_id TEXT, status TEXT NOT NULL, reason TEXT,
    created_at INTEGER NOT NULL, approved_at INTEGER, at INTEGER NOT NULL) WITHOUT ROWID`);
  // The article's comments D1 had before the records, once taken in (then every later call skips it).
  sql.exec(
    "CREATE TABLE IF NOT EXISTS comment_records_adopted (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)",
  );
}

export const recordsAdopted = (sql: SqlStorage) =>
  sql.exec("SELECT 1 FROM comment_records_adopted").toArray().length > 0;

/**
 * Takes in records the thread does not have (its own, from a post or a change since, are newer than
 * D1's copy), and marks the thread's records as adopted when asked.
 */
export function takeInRecords(sql: SqlStorage, records: CommentRecord[], adopted = false): void {
  for (const record of records)
    sql.exec(
      `INSERT INTO comment_records (comment_id, author_id, parent_id, status, reason, created_at, approved_at, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (comment_id) DO NOTHING`,
      record.commentId,
      record.authorId,
      record.parentId,
      record.status,
      record.reason,
      record.createdAt,
      record.approvedAt,
      record.at,
    );
  if (adopted) sql.exec("INSERT OR IGNORE INTO comment_records_adopted (id, at) VALUES (1, ?)", Date.now());
}

export function recordOf(sql: SqlStorage, commentId: string): CommentRecord | undefined {
  return sql
    .exec<CommentRecord>(
      `SELECT comment_id AS commentId, author_id AS authorId, parent_id AS parentId, status, reason,
              created_at AS createdAt, approved_at AS approvedAt, at
       FROM comment_records WHERE comment_id = ?`,
      commentId,
    )
    .toArray()
    .map((row) => ({ ...row }))[0];
}

/** A new status on the record: an approval keeps its time, any other move clears it. */
export function setStatus(
  sql: SqlStorage,
  commentId: string,
  status: CommentStatus,
  reason: string | null,
  at: number,
) {
  sql.exec(
    "UPDATE comment_records SET status = ?, reason = ?, approved_at = ?, at = ? WHERE comment_id = ?",
    status,
    reason,
    status === "approved" ? at : null,
    at,
    commentId,
  );
}

/**
 * Why a new comment is still pending (the automatic checks' reason), only while nobody has acted on it
 * (still pending, with no reason or this one: a redelivered check whose D1 copy failed notes it again).
 * A comment the thread has no record of takes D1's, as a status change does. Returns whether it holds.
 */
export function noteReason(sql: SqlStorage, commentId: string, reason: string, read: CommentRecord): boolean {
  takeInRecords(sql, [read]);
  return (
    sql.exec(
      `UPDATE comment_records SET reason = ?
       WHERE comment_id = ? AND status = 'pending' AND (reason IS NULL OR reason = ?)`,
      reason,
      commentId,
      reason,
    ).rowsWritten > 0
  );
}

/** A post D1 refused: its record goes with its text. */
export function dropRecord(sql: SqlStorage, commentId: string): void {
  sql.exec("DELETE FROM comment_records WHERE comment_id = ?", commentId);
}

/**
 * A comment of an account deleted with its comments: deleted under '[deleted]' (D1 empties or removes
 * its row in the deletion's own batch); the thread shows it, as D1's placeholder, only while others'
 * replies hang from it.
 */
export function recordErased(sql: SqlStorage, commentId: string, at: number): void {
  sql.exec(
    `UPDATE comment_records SET status = 'deleted', reason = NULL, approved_at = NULL, at = ?, author_id = ?
     WHERE comment_id = ?`,
    at,
    DELETED_USER.id,
    commentId,
  );
}

/**
 * A comment an admin deleted for good: its replies move up to its parent (as D1's do: the parent D1
 * names, which the thread lacks only for a comment it has no record of), and it goes.
 */
export function recordRemovedForGood(sql: SqlStorage, commentId: string, parentInD1: string | null): void {
  const record = recordOf(sql, commentId);
  sql.exec(
    "UPDATE comment_records SET parent_id = ? WHERE parent_id = ?",
    record ? record.parentId : parentInD1,
    commentId,
  );
  dropRecord(sql, commentId);
}

/** Comments kept under '[deleted]' when their author's account goes. */
export function recordAuthorForgotten(sql: SqlStorage, commentId: string, replacement: string): void {
  sql.exec("UPDATE comment_records SET author_id = ? WHERE comment_id = ?", replacement, commentId);
}

/**
 * The thread's read: every record, oldest first, with its counts, and its text only where the reader
 * is shown it (approved, or their own pending comment): the others are at most placeholders, and
 * their texts stay in the object.
 */
export function threadRows(sql: SqlStorage, viewerId: string | null): ThreadRecordRow[] {
  return sql
    .exec<ThreadRecordRow>(
      `SELECT r.comment_id AS id, r.parent_id AS parentId, r.author_id AS userId, r.status, r.created_at AS createdAt,
              CASE WHEN r.status = 'approved' OR (r.status = 'pending' AND r.author_id = ?) THEN t.body END AS content,
              COALESCE(c.upvotes, 0) AS upvotes, COALESCE(c.downvotes, 0) AS downvotes
       FROM comment_records r
       LEFT JOIN texts t ON t.comment_id = r.comment_id
       LEFT JOIN counts c ON c.comment_id = r.comment_id
       ORDER BY r.created_at, r.comment_id`,
      viewerId,
    )
    .toArray()
    .map((row) => ({ ...row }));
}
