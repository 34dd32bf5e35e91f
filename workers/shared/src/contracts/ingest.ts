// The ingestion queue's messages, URL submissions and the staff article tools: shapes shared by the
// gateway (which accepts submissions and staff requests), the ingest worker (which does the work) and the UI.
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";
import type { Article, ArticleCategory } from "./articles.ts";

export const INGEST_QUEUE_NAME = "unbiased-ingest";

export const INGEST_JOBS = {
  /** Read every active source's feed and enqueue its new items (the cron's job). */
  pollSources: "sources.poll",
  /** Fetch one page, summarize, classify, locate, store, assign an event. */
  ingestArticle: "article.ingest",
} as const;

export interface ArticleIngestPayload {
  /** The page to fetch (canonicalised by the sender). */
  url: string;
  /** The source whose feed listed it; null for a reader's submission. */
  sourceId?: string | null;
  /** The feed's own category labels (or the source's default category). */
  feedCategories?: string[];
  /** The feed's publication time, epoch seconds. */
  publishedAt?: number | null;
  /** Set when a reader submitted the URL: the submission row to complete. */
  submissionId?: string | null;
}

/** POST /api/submissions/url (spec §7). Spec §5: an empty URL is 'Please enter a URL'. */
export const SubmitUrlSchema = z.object({
  url: z
    .string({ message: "Please enter a URL" })
    .trim()
    .min(1, "Please enter a URL")
    .max(2048, "URL must be 2048 characters or fewer"),
});

export const SUBMISSION_STATUSES = ["queued", "processing", "done", "duplicate", "failed"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export interface SubmitUrlResult {
  submissionId: string;
  /** "queued" when the page will be fetched; "duplicate" when the URL is already an article. */
  status: Extract<SubmissionStatus, "queued" | "duplicate">;
  articleId?: string;
}

/** PUT /api/articles/admin/{id}/hide (spec §5: a non-empty reason is required). */
export const HideArticleSchema = z.object({
  reason: z
    .string({ message: "A reason is required to hide an article" })
    .trim()
    .min(1, "A reason is required to hide an article")
    .max(1000, "Reason must be 1000 characters or fewer"),
});

export const REGENERATE_TARGETS = ["summary", "location", "image"] as const;
export type RegenerateTarget = (typeof REGENERATE_TARGETS)[number];

export interface ArticleLocationFields {
  location: string | null;
  locationCity: string | null;
  locationCountry: string | null;
}

/** The article fields each regeneration rewrites. */
export interface RegeneratedFields {
  summary: Pick<Article, "tldr" | "shortSummary" | "summary" | "detailedSummary">;
  image: Pick<Article, "thumbnailUrl" | "imageAttribution">;
  location: ArticleLocationFields;
}

/** What the ingest worker's regenerate call returns over the service binding. */
export type RegenerateOutcome<T extends RegenerateTarget> =
  | { ok: true; data: RegeneratedFields[T] }
  | { ok: false; status: 404; error: string };

/**
 * The staff tools' messages, word for word from spec §8 (Success messages, Staff article tools); the
 * spec gives no success wording for a location, so that one follows the others' pattern.
 */
export const STAFF_TOOL_MESSAGES = {
  summary: "Summary regenerated successfully",
  image: "Image regenerated successfully",
  location: "Location regenerated successfully",
  noLocation: "No location information found",
  hidden: "Article hidden successfully",
} as const;

/** POST /api/articles/{id}/regenerate-location → spec §7: success, location, message. */
export interface RegenerateLocationResponse {
  success: true;
  location: ArticleLocationFields | null;
  message: string;
}

/** Where the product's generated per-category image lives (used when a page has no image of its own). */
export const categoryImagePath = (category: ArticleCategory) => `/api/images/category/${category}.svg`;
