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

/** `limit` as a feed's; `before` a previous page's `next` (savedCursor), parsed into its entry. */
export const SavedPageQuerySchema = z.object({
  limit: FeedQuerySchema.shape.limit.default(SAVED_PAGE_SIZE),
  before: z
    .string()
    .regex(/^\d{1,16}:.{1,64}$/s, SAVED_MESSAGES.badCursor)
    .transform((value) => {
      const at = value.indexOf(":");
      return { savedAt: Number(value.slice(0, at)), articleId: value.slice(at + 1) };
    })
    .optional(),
});
