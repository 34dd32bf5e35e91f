// Saved articles (docs/decisions/025-saved-articles.md): the reader's SavedArticles object holds which
// articles and when; D1 gives the cards of a page, by id, visible ones only.

import { type SavedArticle, type SavedPagination, savedCursor } from "@unbiased/worker-shared/contracts/saved";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articles } from "@unbiased/worker-shared/db/schema/index";
import { visibleFilter } from "@unbiased/worker-shared/db/visible-filter";
import { and, eq, inArray } from "drizzle-orm";
import type { SavedCursor, SavedEntry } from "../durable/saved-articles.ts";
import { articleColumns, categoryList, toArticle } from "./articles.ts";

/** The reader's own object (named by their user id, so every data centre reaches the same one). */
export const savedArticlesOf = (env: Env, userId: string) =>
  env.SAVED_ARTICLES.get(env.SAVED_ARTICLES.idFromName(userId));

export type SavedArticlesStub = ReturnType<typeof savedArticlesOf>;

/** Whether the site shows the article (only such an article can be saved). */
export async function canBeSaved(db: Database, articleId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, articleId), visibleFilter()));
  return row !== undefined;
}

/** Reads of the list one page may take: a run of hidden articles longer than this ends the page early. */
const MAX_READS_PER_PAGE = 5;

/**
 * One page of the reader's list, newest save first, as cards: `limit` articles the site shows, read
 * on past hidden ones (a page of them alone would look like the end of the list).
 */
export async function savedPage(
  db: Database,
  list: SavedArticlesStub,
  start: SavedCursor | null,
  limit: number,
): Promise<{ data: SavedArticle[]; pagination: SavedPagination }> {
  const data: SavedArticle[] = [];
  let cursor = start;
  let more = true;
  for (let read = 0; read < MAX_READS_PER_PAGE && more && data.length < limit; read++) {
    const wanted = limit - data.length;
    // One more than wanted says whether the list goes on.
    const entries = await list.newest(cursor, wanted + 1);
    const shown = entries.slice(0, wanted);
    more = entries.length > wanted;
    if (shown.length === 0) break;
    data.push(...(await visibleCards(db, shown)));
    cursor = shown.at(-1) ?? cursor;
  }
  const next = more && cursor ? savedCursor(cursor.savedAt, cursor.articleId) : null;
  return { data, pagination: { limit, hasNext: next !== null, next } };
}

/** The entries' articles that the site shows, as cards in the entries' order. */
async function visibleCards(db: Database, entries: readonly SavedEntry[]): Promise<SavedArticle[]> {
  const rows = await db
    .select({ ...articleColumns(), categoryList })
    .from(articles)
    .where(
      and(
        inArray(
          articles.id,
          entries.map((entry) => entry.articleId),
        ),
        visibleFilter(),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, toArticle(row)]));
  return entries.flatMap(({ articleId, savedAt }) => {
    const article = byId.get(articleId);
    return article ? [{ ...article, savedAt }] : [];
  });
}
