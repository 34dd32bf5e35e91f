// A comment's text where it is kept (docs/decisions/022, step 19): a row whose text is in its
// article's thread object holds only a digest in D1, and whoever shows it puts the text the thread
// gave in its place. One rule for the comments worker's views and the gateway's export.
import { DELETED_COMMENT_TEXT } from "../contracts/account.ts";
import type { CommentText } from "../contracts/comments.ts";

/** What a row needs for its text: whether D1 holds only the digest (a boolean, or 0/1 from raw SQL). */
export interface StoredText {
  id: string;
  content: string;
  textInThread: boolean | number;
}

/**
 * The rows with the texts found in their threads, the others as they are. A text the thread no longer
 * has (its author's account deletion is under way) reads as a removed comment's.
 */
export function withFoundTexts<T extends StoredText>(rows: T[], found: CommentText[]): T[] {
  const texts = new Map(found.map((text) => [text.commentId, text.body]));
  return rows.map((row) =>
    row.textInThread ? { ...row, content: texts.get(row.id) ?? DELETED_COMMENT_TEXT, textInThread: false } : row,
  );
}
