// Moves the texts of comments written before ADR 022 step 19 from D1 into their articles' thread
// objects, a page at a time in the order of the comments' ids: each thread keeps the page's texts of its
// article (each once), then D1's rows take the text's digest in place of the text, each only while it
// still holds that same text. A row changed meanwhile (its author's account deletion emptied it, an admin
// removed it) keeps what it has, and the text just written is dropped from its thread again. The
// placeholders an account deletion leaves ('[deleted]', under the '[deleted]' user) have no text to
// move and stay as they are. A run that stops is taken up where it stopped; running it again moves
// nothing twice.
import { groupBy } from "@unbiased/worker-shared/collections/group-by";
import { inRounds } from "@unbiased/worker-shared/collections/in-rounds";
import { DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import type { CommentText } from "@unbiased/worker-shared/contracts/comments";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw, runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { keepTextsInThread, THREADS_AT_ONCE, textDigest } from "../storage/comment-texts.ts";
import { articleThread } from "../storage/objects.ts";

export interface CommentTextPage {
  /** Texts moved out of D1 in this page. */
  moved: number;
  /** The id the next page starts after; null when every text is moved. */
  next: string | null;
}

interface StoredText {
  id: string;
  articleId: string;
  content: string;
}

export async function moveCommentTextsPage(
  env: Env,
  db: Database,
  after: string | null,
  limit: number,
): Promise<CommentTextPage> {
  const { results: rows } = await raw(
    db,
    `SELECT id, article_id AS articleId, content FROM comments
     WHERE id > ? AND text_in_thread = 0 AND NOT (status = 'deleted' AND user_id = ?) ORDER BY id LIMIT ?`,
    after ?? "",
    DELETED_USER.id,
    limit,
  ).all<StoredText>();
  const byArticle = groupBy(
    rows,
    (row) => row.articleId,
    (row): CommentText => ({ commentId: row.id, body: row.content }),
  );
  await inRounds([...byArticle], THREADS_AT_ONCE, ([articleId, texts]) => keepTextsInThread(env, articleId, texts));
  const results = await runBatch(
    db,
    await Promise.all(
      rows.map(async (row) =>
        raw(
          db,
          "UPDATE comments SET content = ?, text_in_thread = 1 WHERE id = ? AND text_in_thread = 0 AND content = ?",
          await textDigest(row.content),
          row.id,
          row.content,
        ),
      ),
    ),
  );
  const unchanged = rows.filter((_, i) => !results[i]?.meta.changes);
  await dropTextsOfChangedRows(env, db, unchanged);
  const last = rows.at(-1);
  return { moved: rows.length - unchanged.length, next: last && rows.length === limit ? last.id : null };
}

/**
 * The texts of rows the page did not change: those another run moved meanwhile stay; the others' rows
 * were emptied or removed since they were read, so the thread drops the text.
 */
async function dropTextsOfChangedRows(env: Env, db: Database, unchanged: StoredText[]): Promise<void> {
  if (unchanged.length === 0) return;
  const { results: moved } = await raw(
    db,
    "SELECT id FROM comments WHERE id IN (SELECT value FROM json_each(?)) AND text_in_thread = 1",
    JSON.stringify(unchanged.map((row) => row.id)),
  ).all<{ id: string }>();
  const movedIds = new Set(moved.map((row) => row.id));
  const byArticle = groupBy(
    unchanged.filter((row) => !movedIds.has(row.id)),
    (row) => row.articleId,
    (row) => row.id,
  );
  await inRounds([...byArticle], THREADS_AT_ONCE, ([articleId, ids]) => articleThread(env, articleId).dropTexts(ids));
}
