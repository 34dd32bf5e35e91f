// The ingestion queue's messages, URL submissions and the staff article tools: shapes and messages shared
// by the gateway (which accepts submissions and staff requests), the ingest worker (which does the work)
// and the UI. Zod-free, so the UI imports it at run time; the schemas are in ingest.schema.ts.
import type { Article } from "./articles.ts";

export const INGEST_QUEUE_NAME = "unbiased-ingest";

export const INGEST_JOBS = {
  /** Read every active source's feed and enqueue its new items (the cron's job). */
  pollSources: "sources.poll",
  /** Fetch one page, summarize, classify, locate, store, assign an event. */
  ingestArticle: "article.ingest",
  /** Summarize again a batch of stored articles an older summarizer wrote; queues the next batch. */
  refreshSummaries: "summaries.refresh",
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

export interface SummaryRefreshPayload {
  /** Resume after this article id (ids are taken in order); absent for the first batch. */
  after?: string;
  /** Articles per batch; the job's own default when absent. */
  limit?: number;
}

/** Spec §5 Submit URL: an empty URL. */
export const EMPTY_URL_MESSAGE = "Please enter a URL";

/** Spec §8 Submit URL, word for word. */
export const SUBMIT_URL_MESSAGES = {
  empty: EMPTY_URL_MESSAGE,
  success: "Thank you! Your URL has been submitted for processing.",
  failed: "Failed to submit URL",
  network: "Failed to submit URL. Please try again.",
} as const;
export const MAX_URL_LENGTH = 2048;

export const SUBMISSION_STATUSES = ["queued", "processing", "done", "duplicate", "failed"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export interface SubmitUrlResult {
  submissionId: string;
  /** "queued" when the page will be fetched; "duplicate" when the URL is already an article. */
  status: Extract<SubmissionStatus, "queued" | "duplicate">;
  articleId?: string;
}

/** Spec §5 Hide article: a non-empty reason is required. */
export const HIDE_REASON_MESSAGE = "A reason is required to hide an article";

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
  regenerated: {
    summary: "Summary regenerated successfully",
    image: "Image regenerated successfully",
    location: "Location regenerated successfully",
  },
  /** When the tool's work failed. */
  failed: {
    summary: "Failed to regenerate summary",
    location: "Failed to regenerate location data",
    image: "Failed to regenerate image",
  },
  /** When the session has ended (401). */
  signedOut: {
    summary: "Please log in to regenerate summaries",
    location: "Please log in to regenerate location data",
    image: "Please log in to regenerate images",
  },
  noLocation: "No location information found",
  hidden: "Article hidden successfully",
  hideFailed: "Failed to hide article",
} as const satisfies Record<"regenerated" | "failed" | "signedOut", Record<RegenerateTarget, string>> &
  Record<string, unknown>;

/** POST /api/articles/{id}/regenerate-location → spec §7: success, location, message. */
export interface RegenerateLocationResponse {
  success: true;
  location: ArticleLocationFields | null;
  message: string;
}
