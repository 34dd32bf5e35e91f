// Saved articles (docs/decisions/025-saved-articles.md): the reader's SavedArticles object holds which
// articles and when; D1 gives the cards of a page, by id, visible ones only.

import type { FeedPagination } from "@unbiased/worker-shared/contracts/articles";
import type { SavedArticle } from "@unbiased/worker-shared/contracts/saved";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articles } from "@unbiased/worker-shared/db/schema/index";
import { visibleFilter } from "@unbiased/worker-shared/db/visible-filter";
import { and, eq, inArray } from "drizzle-orm";
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

/** One page of the reader's list, newest save first, as cards. */
export async function savedPage(
  db: Database,
  list: SavedArticlesStub,
  page: number,
  limit: number,
): Promise<{ data: SavedArticle[]; pagination: FeedPagination }> {
  // One more than the page says whether another follows.
  const entries = await list.newest((page - 1) * limit, limit + 1);
  const shown = entries.slice(0, limit);
  const rows =
    shown.length === 0
      ? []
      : await db
          .select({ ...articleColumns(), categoryList })
          .from(articles)
          .where(
            and(
              inArray(
                articles.id,
                shown.map((entry) => entry.articleId),
              ),
              visibleFilter(),
            ),
          );
  const byId = new Map(rows.map((row) => [row.id, toArticle(row)]));
  const data = shown.flatMap(({ articleId, savedAt }) => {
    const article = byId.get(articleId);
    return article ? [{ ...article, savedAt }] : [];
  });
  return { data, pagination: { page, limit, hasNext: entries.length > limit } };
}
