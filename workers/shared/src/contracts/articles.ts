// Article shapes, constants and messages shared by the workers and the UI (zod-free: the UI imports
// this module at run time; the zod schemas that check requests are in articles.schema.ts).

export const CATEGORY_SLUGS = ["latest", "tech", "politics", "world", "business", "science"] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];
/** Categories an article can belong to; "latest" is the all-categories feed, not a tag. */
export const ARTICLE_CATEGORIES = ["tech", "politics", "world", "business", "science"] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export const isCategorySlug = (value: unknown): value is CategorySlug =>
  (CATEGORY_SLUGS as readonly unknown[]).includes(value);
export const isArticleCategory = (value: unknown): value is ArticleCategory =>
  (ARTICLE_CATEGORIES as readonly unknown[]).includes(value);

export const SORTS = ["date", "popularity"] as const;
export const PERIODS = ["1h", "6h", "24h", "7d", "30d", "all"] as const;
export type FeedSort = (typeof SORTS)[number];
export type FeedPeriod = (typeof PERIODS)[number];

/** Spec §9 Feed defaults: sort date, period 7d, 20 per page; the API accepts 1–50. */
export const DEFAULT_SORT: FeedSort = "date";
export const DEFAULT_PERIOD: FeedPeriod = "7d";
export const FEED_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

export const isFeedSort = (value: unknown): value is FeedSort => (SORTS as readonly unknown[]).includes(value);
export const isFeedPeriod = (value: unknown): value is FeedPeriod => (PERIODS as readonly unknown[]).includes(value);

/** The six questions a summary answers; each is a string, empty only when the text lacks it. */
export interface Summary {
  who: string;
  what: string;
  when: string;
  where: string;
  why: string;
  how: string;
}

export interface Article {
  id: string;
  title: string;
  url: string;
  domain: string;
  thumbnailUrl: string | null;
  imageAttribution: string | null;
  /** Publication time in epoch seconds. */
  sourcedTime: number;
  location: string | null;
  locationCity: string | null;
  locationCountry: string | null;
  categories: ArticleCategory[];
  tldr: string;
  shortSummary: string;
  summary: Summary;
  detailedSummary: string;
}

export interface FeedPagination {
  page: number;
  limit: number;
  hasNext: boolean;
}

/** GET /api/articles and /api/articles/category/{category} (spec §7). */
export interface FeedResponse {
  success: true;
  data: Article[];
  pagination: FeedPagination;
}

/** The query of a feed request, after defaults. */
export interface FeedQuery {
  page: number;
  limit: number;
  sort: FeedSort;
  period: FeedPeriod;
}

/**
 * Matched terms in search results are wrapped in these private markers (never HTML): the UI splits
 * on them and renders <mark> elements, so no server text is ever injected as markup.
 */
export const HIGHLIGHT_START = "\u0002";
export const HIGHLIGHT_END = "\u0003";

export interface SearchResult extends Article {
  highlights: {
    /** The title with matches marked. */
    title: string;
    /** A short passage of the summary fields with matches marked. */
    snippet: string;
  };
}

/**
 * How many matches a search ranks and counts at most: the newest this many to enter the index. The
 * cost of a search then stops growing with the archive (ADR 022); a query matching more says so
 * (`totalCapped`) and the reader is asked to narrow it.
 */
export const SEARCH_MATCHES_MAX = 500;

export interface SearchPagination extends FeedPagination {
  /** Matches, at most SEARCH_MATCHES_MAX. */
  totalResults: number;
  totalPages: number;
  /** More articles match than the SEARCH_MATCHES_MAX newest that were ranked and counted. */
  totalCapped: boolean;
}

export interface SearchResponse {
  success: true;
  data: SearchResult[];
  pagination: SearchPagination;
}

/** GET /api/articles/events → a bare array of these (spec §7 shows an array). */
export interface NewsEvent {
  id: string;
  title: string;
  main_tldr: string;
  /** ISO 8601. */
  start_date: string;
  end_date: string;
  articles: { id: string; title: string; sourceUrl: string }[];
}

/** Spec §5 Report: the reasons offered for an article or a comment, 'Other' asking for details. */
export const REPORT_REASONS = [
  "Spam or misleading content",
  "Harassment or hate speech",
  "Violence or threats",
  "False information",
  "Inaccurate Information",
  "Inappropriate content",
  "Copyright violation",
  "Other",
] as const;
export const OTHER_REPORT_REASON = "Other";
export const MIN_REPORT_REASON_LENGTH = 3;
export const MAX_REPORT_REASON_LENGTH = 1000;
export const REPORT_REASON_MESSAGE = "Please provide a reason for reporting (minimum 3 characters)";

/** Spec §8 "Feed, article and search" and "Reporting", word for word: what a failed call answers. */
export const ARTICLE_MESSAGES = {
  loadFailed: "Failed to load articles",
  articleLoadFailed: "Failed to load article",
  searchFailed: "Failed to search articles",
  reportFailed: "Failed to report article",
} as const;

/** A story an article page points to next: enough for a link and its line. */
export interface RelatedStory {
  id: string;
  title: string;
  domain: string;
  /** Epoch seconds. */
  sourcedTime: number;
}

/**
 * `GET /api/articles/{id}/related` (product): what a reader of the article goes to next. The same
 * story from other outlets (its event: one story per outlet, newest first) and more from this outlet.
 */
export interface RelatedStories {
  /** The article's event, whose page lists every outlet's coverage; null when it has none. */
  eventId: string | null;
  sameStory: RelatedStory[];
  fromOutlet: RelatedStory[];
}

/** How many stories each list of RelatedStories holds at most. */
export const RELATED_STORIES_MAX = 5;
