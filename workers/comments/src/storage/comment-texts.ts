// Where a comment's text is (ADR 022 step 19): a new comment's text is written to its article's
// ArticleThread object first, and D1's row keeps a digest of it in its place (the duplicate check
// compares digests). Rows from before the move keep their text in D1 until the move script has run
// (migration/move-comment-texts.ts). Every list of comments reads its rows from D1 and then the texts
// from the threads they are in, one call per article, fifty articles at a time.

import { groupBy } from "@unbiased/worker-shared/collections/group-by";
import { inRounds } from "@unbiased/worker-shared/collections/in-rounds";
import { type StoredText, withFoundTexts } from "@unbiased/worker-shared/comments/found-texts";
import type { CommentText } from "@unbiased/worker-shared/contracts/comments";
import { toBase64Url } from "@unbiased/worker-shared/encoding/base64url";
import { articleThread } from "./objects.ts";

/** What a row needs for its text to be found: its article, and whether D1 holds only the digest. */
type TextOfRow = StoredText & { articleId: string };

/** SHA-256 of the text, its first 128 bits in base64url: what D1 keeps for the duplicate check. */
export async function textDigest(text: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `sha256:${toBase64Url(hash.subarray(0, 16))}`;
}

/** Writes the texts into their thread's object (each once: a retry rewrites nothing). */
export async function keepTextsInThread(env: Env, articleId: string, texts: CommentText[]): Promise<void> {
  if (texts.length > 0) await articleThread(env, articleId).keepTexts(texts);
}

/** The rows with their texts: those whose text is in a thread get it from there, one call per thread. */
export async function withTexts<T extends TextOfRow>(env: Env, rows: T[]): Promise<T[]> {
  const inThreads = rows.filter((row) => row.textInThread);
  if (inThreads.length === 0) return rows;
  return withFoundTexts(rows, await textsInThreads(env, inThreads));
}

/** Threads asked at once: a long list (a prolific author's export) asks them in rounds. */
export const THREADS_AT_ONCE = 50;

/** The texts of those comments, from their threads' objects, one call per thread. */
export async function textsInThreads(env: Env, refs: { id: string; articleId: string }[]): Promise<CommentText[]> {
  const threads = groupBy(
    refs,
    (ref) => ref.articleId,
    (ref) => ref.id,
  );
  const found = await inRounds([...threads], THREADS_AT_ONCE, ([articleId, ids]) =>
    articleThread(env, articleId)
      .read(articleId, null, ids)
      .then((read) => read.texts),
  );
  return found.flat();
}

/** One row with its text (a single comment's message or check). */
export async function withText<T extends TextOfRow>(env: Env, row: T): Promise<T> {
  const [resolved] = await withTexts(env, [row]);
  return resolved ?? row;
}
