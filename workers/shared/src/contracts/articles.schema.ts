// Zod schemas of the articles API's inputs (workers only; the UI imports the zod-free articles.ts).
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";
import {
  DEFAULT_PERIOD,
  DEFAULT_SORT,
  FEED_PAGE_SIZE,
  type FeedQuery,
  MAX_PAGE_SIZE,
  MAX_REPORT_REASON_LENGTH,
  MIN_REPORT_REASON_LENGTH,
  PERIODS,
  REPORT_REASON_MESSAGE,
  SORTS,
  type Summary,
} from "./articles.ts";

export const SummarySchema = z.object({
  who: z.string(),
  what: z.string(),
  when: z.string(),
  where: z.string(),
  why: z.string(),
  how: z.string(),
}) satisfies z.ZodType<Summary>;

const limitMessage = `limit must be between 1 and ${MAX_PAGE_SIZE}`;

export const FeedQuerySchema = z.object({
  page: z.coerce.number().int().min(1, "page must be 1 or more").default(1),
  limit: z.coerce.number().int().min(1, limitMessage).max(MAX_PAGE_SIZE, limitMessage).default(FEED_PAGE_SIZE),
  sort: z.enum(SORTS, { message: `sort must be one of: ${SORTS.join(", ")}` }).default(DEFAULT_SORT),
  period: z.enum(PERIODS, { message: `period must be one of: ${PERIODS.join(", ")}` }).default(DEFAULT_PERIOD),
}) satisfies z.ZodType<FeedQuery, unknown>;

/** GET /api/articles/search/{query} (spec §7). */
export const SearchQuerySchema = z.object({
  page: FeedQuerySchema.shape.page,
  limit: FeedQuerySchema.shape.limit,
});

/** POST /api/articles/{id}/report and POST /api/comments/{id}/report. */
export const ReportSchema = z.object({
  reason: z
    .string({ message: REPORT_REASON_MESSAGE })
    .trim()
    .min(MIN_REPORT_REASON_LENGTH, REPORT_REASON_MESSAGE)
    .max(MAX_REPORT_REASON_LENGTH, `Reason must be ${MAX_REPORT_REASON_LENGTH} characters or fewer`),
});
