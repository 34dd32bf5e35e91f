// What the Atom feeds carry (ADR 018): the newest visible articles of every category or of
// one, with the columns an entry needs beyond the spec's Article (its author, outlet name and times).

import type { ArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import { isArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articleCategories, articles } from "@unbiased/worker-shared/db/schema/index";
import { and, desc, eq } from "drizzle-orm";
import { categoryList } from "./articles.ts";

/** Spec-sized: a feed reader polls the newest; older stories stay on the site. */
export const FEED_ENTRY_LIMIT = 50;

export interface FeedEntryRow {
  id: string;
  title: string;
  url: string;
  domain: string;
  author: string | null;
  sourceName: string | null;
  tldr: string;
  /** Epoch seconds. */
  sourcedTime: number;
  /** Epoch ms. */
  updatedAt: number;
  categories: ArticleCategory[];
}

export async function listFeedEntries(db: Database, category: ArticleCategory | null): Promise<FeedEntryRow[]> {
  const columns = {
    id: articles.id,
    title: articles.title,
    url: articles.url,
    domain: articles.domain,
    author: articles.author,
    sourceName: articles.sourceName,
    tldr: articles.tldr,
    sourcedTime: articles.sourcedTime,
    updatedAt: articles.updatedAt,
    categoryList,
  };
  const visible = eq(articles.status, "visible");
  // Ordered by the column each feed's index covers, as the feed API does (storage/articles.ts).
  const rows = category
    ? await db
        .select(columns)
        .from(articleCategories)
        .innerJoin(articles, eq(articles.id, articleCategories.articleId))
        .where(and(eq(articleCategories.category, category), visible))
        .orderBy(desc(articleCategories.sourcedTime), desc(articleCategories.articleId))
        .limit(FEED_ENTRY_LIMIT)
    : await db
        .select(columns)
        .from(articles)
        .where(visible)
        .orderBy(desc(articles.sourcedTime), desc(articles.id))
        .limit(FEED_ENTRY_LIMIT);
  return rows.map(({ categoryList: list, ...row }) => ({
    ...row,
    categories: (list ?? "").split(",").filter(isArticleCategory),
  }));
}
