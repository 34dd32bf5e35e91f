// What a feed shows and the API address that returns it (spec §7 Articles, §9 Feed defaults).
import {
  type CategorySlug,
  FEED_PAGE_SIZE,
  type FeedPeriod,
  type FeedSort,
} from "@unbiased/worker-shared/contracts/articles";

const OUTLET_FEED_PREFIX = "source:";

/** Which feed: a category's slug ("latest" is the all-categories feed), or an outlet's (outletFeed). */
export type FeedName = CategorySlug | `${typeof OUTLET_FEED_PREFIX}${string}`;

/** The feed of one outlet's articles (/source/{domain}), `domain` in its one written form. */
export const outletFeed = (domain: string): FeedName => `${OUTLET_FEED_PREFIX}${domain}`;

/** A feed as the reader chose it: which articles, in which order, over which time window. */
export interface FeedSelection {
  feed: FeedName;
  sort: FeedSort;
  period: FeedPeriod;
}

export interface FeedQuery extends FeedSelection {
  page: number;
}

export function feedUrl({ feed, sort, period, page }: FeedQuery): string {
  const params = new URLSearchParams({ page: String(page), limit: String(FEED_PAGE_SIZE), sort, period });
  return `${feedApiPath(feed)}?${params}`;
}

function feedApiPath(feed: FeedName): string {
  if (feed === "latest") return "/api/articles";
  if (feed.startsWith(OUTLET_FEED_PREFIX)) return `/api/articles/source/${feed.slice(OUTLET_FEED_PREFIX.length)}`;
  return `/api/articles/category/${feed}`;
}

const FEED_PAGES_PREFIX = "pages:";

/** The cache key of the pages loaded so far of one selection (a list of pages, not one page). */
export function feedPagesKey(selection: FeedSelection): string {
  return FEED_PAGES_PREFIX + feedUrl({ ...selection, page: 1 });
}

/** True for the cache key of any feed's loaded pages (to update every feed at once). */
export const isFeedPagesKey = (key: unknown): boolean => typeof key === "string" && key.startsWith(FEED_PAGES_PREFIX);
