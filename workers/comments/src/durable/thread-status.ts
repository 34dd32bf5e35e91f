// Each comment's status changes, in its article's ArticleThread object (ADR 022 step 29): decided on
// the comment's record (thread-records.ts) and numbered, with D1's copy of the change (its status update
// and side effects, recorded statements) in an outbox until D1 has taken it (storage/status-copies.ts).
// Plain functions over the object's SQLite, called in its methods inside one transaction.
//
// A comment the thread has no record of (D1 had it, but the thread's adoption of D1's comments did
// not see it: an older version of the worker wrote it during a deploy) takes D1's record as the
// request read it at its first change.

import type { CommentStatus } from "@unbiased/worker-shared/contracts/comments";
import type { RecordedStatement } from "@unbiased/worker-shared/db/recorded-statement";
import { type CommentRecord, recordOf, setStatus, takeInRecords } from "./thread-records.ts";

/** A change of one comment's status, as the request asks the thread for it. */
export interface StatusChange {
  commentId: string;
  /** The comment's author as the request read it (a fall their copy's reputation change made is settled). */
  authorId: string;
  /** The statuses it may leave (else the thread answers with the one it holds). */
  from: readonly CommentStatus[];
  to: CommentStatus;
  /** The reason the new status carries (ModMe's, the fall's), or null. */
  reason: string | null;
  /** When it happens (an approval's time is the comment's approval time). */
  at: number;
  /** Only if approved at or before this time (a reputation fall: a later approval stands). */
  approvedBefore?: number;
  /** D1's record as the request read it: taken in when the thread has none. */
  read: CommentRecord;
  /**
   * D1's copy of the change: its status update first (always, and alone when the side effects cannot
   * be applied: status-copies.ts), then its side effects.
   */
  statements: RecordedStatement[];
}

/** A change D1 has yet to take, numbered by the thread. */
export interface StatusCopy {
  seq: number;
  commentId: string;
  authorId: string;
  statements: RecordedStatement[];
  /** How the article's approved comments move (+1 entering approved, -1 leaving it, else 0: step 31). */
  approvedDelta: number;
}

export type StatusAnswer = { changed: true; seq: number } | { changed: false; status: CommentStatus };

export function createStatusOutbox(sql: SqlStorage): void {
  sql.exec(
    `CREATE TABLE IF NOT EXISTS status_outbox (
      seq INTEGER PRIMARY KEY, comment_id TEXT NOT NULL, author_id TEXT NOT NULL, statements TEXT NOT NULL,
      approved_delta INTEGER NOT NULL DEFAULT 0)`,
  );
  // An outbox made before step 31 (a local stack's state) lacks the count's column.
  const columns = sql.exec<{ name: string }>("PRAGMA table_info(status_outbox)").toArray();
  if (!columns.some((column) => column.name === "approved_delta"))
    sql.exec("ALTER TABLE status_outbox ADD COLUMN approved_delta INTEGER NOT NULL DEFAULT 0");
}

/**
 * Decides one change on the comment's record: when its status is one the change may leave, the record
 * takes the new one and the change its number and its place in the outbox.
 */
export function changeRecord(sql: SqlStorage, change: StatusChange, nextSeq: () => number): StatusAnswer {
  const held = recordOf(sql, change.commentId);
  const current = held ?? change.read;
  const tooLate =
    change.approvedBefore !== undefined && current.status === "approved" && current.at > change.approvedBefore;
  if (!change.from.includes(current.status) || tooLate) return { changed: false, status: current.status };
  const seq = nextSeq();
  if (!held) takeInRecords(sql, [change.read]);
  setStatus(sql, change.commentId, change.to, change.reason, change.at);
  // Only the thread knows the status the change leaves: it says how the article's count moves.
  const approvedDelta = (change.to === "approved" ? 1 : 0) - (current.status === "approved" ? 1 : 0);
  sql.exec(
    "INSERT INTO status_outbox (seq, comment_id, author_id, statements, approved_delta) VALUES (?, ?, ?, ?, ?)",
    seq,
    change.commentId,
    change.authorId,
    JSON.stringify(change.statements),
    approvedDelta,
  );
  return { changed: true, seq };
}

/** The changes D1 has yet to take, oldest first, up to number `upTo`. */
export function unsentCopies(sql: SqlStorage, upTo: number): StatusCopy[] {
  return sql
    .exec<{ seq: number; comment_id: string; author_id: string; statements: string; approved_delta: number }>(
      "SELECT seq, comment_id, author_id, statements, approved_delta FROM status_outbox WHERE seq <= ? ORDER BY seq",
      upTo,
    )
    .toArray()
    .map((row) => ({
      seq: row.seq,
      commentId: row.comment_id,
      authorId: row.author_id,
      statements: JSON.parse(row.statements) as RecordedStatement[],
      approvedDelta: row.approved_delta,
    }));
}

/**
 * Comments whose author's account went, kept under '[deleted]': their changes D1 has yet to take keep
 * only their status update. The side effects name the author (their reputation, their inbox, an
 * e-mail to their address) whose data the deletion has just removed, and would write it back.
 */
export function keepOnlyStatusUpdates(sql: SqlStorage, commentIds: string[]): void {
  for (const commentId of commentIds) {
    const unsent = sql
      .exec<{ seq: number; statements: string }>(
        "SELECT seq, statements FROM status_outbox WHERE comment_id = ?",
        commentId,
      )
      .toArray();
    for (const row of unsent) {
      const [statusUpdate] = JSON.parse(row.statements) as RecordedStatement[];
      sql.exec(
        "UPDATE status_outbox SET statements = ? WHERE seq = ?",
        JSON.stringify(statusUpdate ? [statusUpdate] : []),
        row.seq,
      );
    }
  }
}

/** D1 took every change up to `upTo`. */
export function forgetSentCopies(sql: SqlStorage, upTo: number): void {
  sql.exec("DELETE FROM status_outbox WHERE seq <= ?", upTo);
}
