// What a feed shows and the API address that returns it (spec §7 Articles, §9 Feed defaults).
import type { CategorySlug, FeedPeriod, FeedSort } from "@unbiased/worker-shared/contracts/articles";

export const FEED_PAGE_SIZE = 20;

export interface FeedQuery {
  /** "latest" is the all-categories feed. */
  category: CategorySlug;
  sort: FeedSort;
  period: FeedPeriod;
  page: number;
}

export const DEFAULT_FEED_QUERY: Omit<FeedQuery, "category"> = { sort: "date", period: "7d", page: 1 };

export function feedUrl({ category, sort, period, page }: FeedQuery): string {
  const params = new URLSearchParams({ page: String(page), limit: String(FEED_PAGE_SIZE), sort, period });
  const path = category === "latest" ? "/api/articles" : `/api/articles/category/${category}`;
  return `${path}?${params}`;
}
