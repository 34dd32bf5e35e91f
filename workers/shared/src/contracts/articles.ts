// Article shapes shared by the gateway worker and the UI, so the two cannot drift apart.
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";

export const CATEGORY_SLUGS = ["latest", "tech", "politics", "world", "business", "science"] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];
/** Categories an article can belong to; "latest" is the all-categories feed, not a tag. */
export const ARTICLE_CATEGORIES = ["tech", "politics", "world", "business", "science"] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export const SORTS = ["date", "popularity"] as const;
export const PERIODS = ["1h", "6h", "24h", "7d", "30d", "all"] as const;
export type FeedSort = (typeof SORTS)[number];
export type FeedPeriod = (typeof PERIODS)[number];

/** The six questions a summary answers; each is a string, empty only when the text lacks it. */
export const SummarySchema = z.object({
  who: z.string(),
  what: z.string(),
  when: z.string(),
  where: z.string(),
  why: z.string(),
  how: z.string(),
});
export type Summary = z.infer<typeof SummarySchema>;

export const ArticleSchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  domain: z.string(),
  thumbnailUrl: z.string().nullable(),
  imageAttribution: z.string().nullable(),
  /** Publication time in epoch seconds. */
  sourcedTime: z.number().int(),
  location: z.string().nullable(),
  locationCity: z.string().nullable(),
  locationCountry: z.string().nullable(),
  categories: z.array(z.enum(ARTICLE_CATEGORIES)),
  tldr: z.string(),
  shortSummary: z.string(),
  summary: SummarySchema,
  detailedSummary: z.string(),
});
export type Article = z.infer<typeof ArticleSchema>;

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

export const FeedQuerySchema = z.object({
  page: z.coerce.number().int().min(1, "page must be 1 or more").default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, "limit must be between 1 and 50")
    .max(50, "limit must be between 1 and 50")
    .default(20),
  sort: z.enum(SORTS, { message: "sort must be one of: date, popularity" }).default("date"),
  period: z.enum(PERIODS, { message: "period must be one of: 1h, 6h, 24h, 7d, 30d, all" }).default("7d"),
});
export type FeedQuery = z.infer<typeof FeedQuerySchema>;

/** GET /api/articles/search/{query} (spec §7). */
export const SearchQuerySchema = z.object({
  page: FeedQuerySchema.shape.page,
  limit: FeedQuerySchema.shape.limit,
});

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

export interface SearchPagination extends FeedPagination {
  totalResults: number;
  totalPages: number;
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

export const REPORT_REASON_MESSAGE = "Please provide a reason for reporting (minimum 3 characters)";

/** POST /api/articles/{id}/report and POST /api/comments/{id}/report. */
export const ReportSchema = z.object({
  reason: z
    .string({ message: REPORT_REASON_MESSAGE })
    .trim()
    .min(3, REPORT_REASON_MESSAGE)
    .max(1000, "Reason must be 1000 characters or fewer"),
});
