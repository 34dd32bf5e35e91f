// Zod schemas of the ingestion queue's messages, URL submissions and article hides (workers only).
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";
import {
  type ArticleIngestPayload,
  EMPTY_URL_MESSAGE,
  HIDE_REASON_MESSAGE,
  MAX_URL_LENGTH,
  type SummaryRefreshPayload,
} from "./ingest.ts";

/** An "article.ingest" job's payload, as the poll and the submissions route send it. */
export const ArticleIngestPayloadSchema = z.object({
  url: z.string(),
  sourceId: z.string().nullish(),
  feedCategories: z.array(z.string()).optional(),
  publishedAt: z.number().int().nullish(),
  submissionId: z.string().nullish(),
}) satisfies z.ZodType<ArticleIngestPayload>;

/** A "summaries.refresh" job's payload. */
export const SummaryRefreshPayloadSchema = z.object({
  after: z.string().optional(),
  limit: z.number().int().min(1).max(100).optional(),
}) satisfies z.ZodType<SummaryRefreshPayload>;

/** POST /api/submissions/url (spec §7). */
export const SubmitUrlSchema = z.object({
  url: z
    .string({ message: EMPTY_URL_MESSAGE })
    .trim()
    .min(1, EMPTY_URL_MESSAGE)
    .max(MAX_URL_LENGTH, `URL must be ${MAX_URL_LENGTH} characters or fewer`),
});

/** PUT /api/articles/admin/{id}/hide. */
export const HideArticleSchema = z.object({
  reason: z
    .string({ message: HIDE_REASON_MESSAGE })
    .trim()
    .min(1, HIDE_REASON_MESSAGE)
    .max(1000, "Reason must be 1000 characters or fewer"),
});
