// The texts of an article's comments, in its ArticleThread object (ADR 022 step 19): the largest part of
// a comment, kept out of the main database. D1's row keeps the rest and a digest of the text
// (storage/comment-texts.ts). Plain functions over the object's SQLite, called in its methods.

import type { CommentText } from "@unbiased/worker-shared/contracts/comments";

export function createTextsTable(sql: SqlStorage): void {
  sql.exec("CREATE TABLE IF NOT EXISTS texts (comment_id TEXT PRIMARY KEY, body TEXT NOT NULL) WITHOUT ROWID");
}

/** Writes each text once: a comment's id names one text, so a retry or a second move rewrites nothing. */
export function keepTexts(sql: SqlStorage, texts: CommentText[]): void {
  for (const text of texts)
    sql.exec(
      "INSERT INTO texts (comment_id, body) VALUES (?, ?) ON CONFLICT (comment_id) DO NOTHING",
      text.commentId,
      text.body,
    );
}

/** The texts of `commentIds`, or of the whole thread when null (the thread's read). */
export function textsOf(sql: SqlStorage, commentIds: string[] | null): CommentText[] {
  const rows =
    commentIds === null
      ? sql.exec<{ commentId: string; body: string }>("SELECT comment_id AS commentId, body FROM texts")
      : sql.exec<{ commentId: string; body: string }>(
          "SELECT comment_id AS commentId, body FROM texts WHERE comment_id IN (SELECT value FROM json_each(?))",
          JSON.stringify(commentIds),
        );
  return rows.toArray().map((row) => ({ commentId: row.commentId, body: row.body }));
}

export function dropText(sql: SqlStorage, commentId: string): void {
  sql.exec("DELETE FROM texts WHERE comment_id = ?", commentId);
}
