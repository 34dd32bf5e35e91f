// What a feed shows and the API address that returns it (spec §7 Articles, §9 Feed defaults).
import {
  type CategorySlug,
  FEED_PAGE_SIZE,
  type FeedPeriod,
  type FeedSort,
} from "@unbiased/worker-shared/contracts/articles";

/** A feed as the reader chose it: which articles, in which order, over which time window. */
export interface FeedSelection {
  /** "latest" is the all-categories feed. */
  category: CategorySlug;
  sort: FeedSort;
  period: FeedPeriod;
}

export interface FeedQuery extends FeedSelection {
  page: number;
}

export function feedUrl({ category, sort, period, page }: FeedQuery): string {
  const params = new URLSearchParams({ page: String(page), limit: String(FEED_PAGE_SIZE), sort, period });
  const path = category === "latest" ? "/api/articles" : `/api/articles/category/${category}`;
  return `${path}?${params}`;
}

const FEED_PAGES_PREFIX = "pages:";

/** The cache key of the pages loaded so far of one selection (a list of pages, not one page). */
export function feedPagesKey(selection: FeedSelection): string {
  return FEED_PAGES_PREFIX + feedUrl({ ...selection, page: 1 });
}

/** True for the cache key of any feed's loaded pages (to update every feed at once). */
export const isFeedPagesKey = (key: unknown): boolean => typeof key === "string" && key.startsWith(FEED_PAGES_PREFIX);
