// What the Atom feeds carry (ADR 018): the newest visible articles of every category, of one or
// of one outlet, with the columns an entry needs beyond the spec's Article (its author, outlet name and times).

import type { ArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import { isArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import type { Database } from "@unbiased/worker-shared/db/client";
import { type FeedScope, newestVisible } from "./articles.ts";

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

/** The feed's newest page, read as the feed API reads it (`newestVisible`), with an entry's columns. */
export async function listFeedEntries(db: Database, scope: FeedScope): Promise<FeedEntryRow[]> {
  const rows = await newestVisible(db, scope, 0, FEED_ENTRY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    url: row.url,
    domain: row.domain,
    author: row.author,
    sourceName: row.sourceName,
    tldr: row.tldr,
    sourcedTime: row.sourcedTime,
    updatedAt: row.updatedAt,
    categories: (row.categoryList ?? "").split(",").filter(isArticleCategory),
  }));
}
