// The feed's paging and auto-refresh rules (spec §4 Feed, §9 Feed).
import type { Article } from "@unbiased/worker-shared/contracts/articles";
import { FEED_PAGE_SIZE } from "@unbiased/worker-shared/contracts/articles";
import type { FeedSelection } from "../cache/feedQuery.ts";

/** Past this many articles a feed stops growing: a reader wanting more narrows the period. */
export const MAX_LOADED_ARTICLES = 100;

export const AUTO_REFRESH_INTERVAL_MS = 30_000;

/** Load More (and the scroll marker) apply once a full page is shown and the server has more. */
export function canLoadMore(loadedCount: number, serverHasNext: boolean): boolean {
  return loadedCount >= FEED_PAGE_SIZE && serverHasNext && loadedCount < MAX_LOADED_ARTICLES;
}

/**
 * Auto-refresh runs only on the home feed, newest first over the past week: elsewhere new
 * arrivals would land somewhere in the middle of the order, or outside the chosen window.
 */
export function autoRefreshApplies({ feed, sort, period }: FeedSelection): boolean {
  return feed === "latest" && sort === "date" && period === "7d";
}

/** Articles of a fresh first page the reader has not been shown yet. */
export function countNewArticles(shown: readonly Article[], fresh: readonly Article[]): number {
  const shownIds = new Set(shown.map((article) => article.id));
  return fresh.filter((article) => !shownIds.has(article.id)).length;
}

/** Spec §8: 'n new article(s) loaded'. */
export function newArticlesMessage(count: number): string {
  return `${count} new article(s) loaded`;
}
