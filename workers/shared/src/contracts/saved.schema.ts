// Zod schemas of the saved-articles calls' inputs (workers only; the UI uses the zod-free saved.ts).
import * as z from "zod";
import { FeedQuerySchema } from "./articles.schema.ts";
import { SAVED_BATCH_MAX, SAVED_MESSAGES, SAVED_PAGE_SIZE } from "./saved.ts";
import { ArticleIdSchema } from "./votes.schema.ts";

export const SavedArticleParamSchema = z.object({ articleId: ArticleIdSchema });

export const SavedBatchSchema = z.object({
  articleIds: z
    .array(ArticleIdSchema, { message: "articleIds must be an array" })
    .min(1, "articleIds must not be empty")
    .max(SAVED_BATCH_MAX, SAVED_MESSAGES.batchTooLarge),
});

/** Paged like a feed: a page past the reader's list is an empty page. */
export const SavedPageQuerySchema = z.object({
  page: FeedQuerySchema.shape.page,
  limit: FeedQuerySchema.shape.limit.default(SAVED_PAGE_SIZE),
});
