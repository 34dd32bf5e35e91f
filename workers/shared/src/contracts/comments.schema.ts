// Request schemas of the comments service (workers only; the UI imports the zod-free comments.ts).
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";
import {
  COMMENT_COUNTS_BATCH_MAX,
  COMMENT_MAX_LENGTH,
  COMMENT_MESSAGES,
  COMMENT_MIN_LENGTH,
  COMMENT_VOTE_TYPES,
  DEACTIVATE_ACTIONS,
} from "./comments.ts";

/**
 * Spec §5: trimmed content 3–8000 characters, with the comment's or the reply's message word for word.
 * The issue is raised on the object itself (empty path), so the shared validator hook does not prefix
 * it with the field name; a missing or non-string content reads as too short.
 */
function contentSchema(kind: "comment" | "reply") {
  const tooShort = kind === "comment" ? COMMENT_MESSAGES.commentTooShort : COMMENT_MESSAGES.replyTooShort;
  const tooLong = kind === "comment" ? COMMENT_MESSAGES.commentTooLong : COMMENT_MESSAGES.replyTooLong;
  return z.object({ content: z.unknown().optional() }).transform((value, ctx) => {
    // Counted as the comments table's CHECK counts: SQLite's length() counts characters (code points,
    // so an emoji is one) and stops at a NUL, which no comment needs and is dropped here.
    const content = typeof value.content === "string" ? value.content.replaceAll("\u0000", "").trim() : "";
    const length = [...content].length;
    if (length < COMMENT_MIN_LENGTH || length > COMMENT_MAX_LENGTH) {
      ctx.addIssue({ code: "custom", message: length < COMMENT_MIN_LENGTH ? tooShort : tooLong, input: value });
      return z.NEVER;
    }
    return { content };
  });
}

export const NewCommentSchema = contentSchema("comment");
export const NewReplySchema = contentSchema("reply");

export const CommentVoteSchema = z.object({
  voteType: z.enum(COMMENT_VOTE_TYPES, { message: "voteType must be upvote or downvote" }),
});

export const DeactivateSchema = z.object({
  reason: z.string().trim().max(500, "Reason must be 500 characters or fewer").optional(),
  /** Which article-page button: 'hide' (default) or 'queue'; picks the default reason and messages. */
  action: z.enum(DEACTIVATE_ACTIONS).optional(),
});

export const CountsBatchSchema = z.object({
  articleIds: z
    .array(z.string().min(1).max(200), { message: "articleIds must be an array of article ids" })
    .min(1, "articleIds must not be empty")
    .max(COMMENT_COUNTS_BATCH_MAX, `At most ${COMMENT_COUNTS_BATCH_MAX} article ids per request`),
});

export const DeleteQuerySchema = z.object({
  permanent: z.enum(["true", "false"]).optional(),
});

/**
 * POST /api/comments/admin/texts/move, /authors/move and /counts/recount: one page of the comments (or,
 * for the recount, of the articles), in the order of their ids (`after`: the previous page's `next`),
 * whose texts move to their threads' objects, which are listed in their authors' objects, or whose
 * comment counts are counted again.
 */
export const MoveCommentsPageSchema = z.object({
  after: z.string().min(1).max(200).nullish(),
  limit: z.number().int().min(1).max(500).default(200),
});

/**
 * POST /api/comments/admin/log/move: a run of the moderation log's move out of D1 (the entries are
 * taken newest first and deleted as they move, so no cursor is needed: `after` is the previous answer's
 * `next`, sent back unread).
 */
export const MoveModerationLogSchema = z.object({ after: z.string().max(20).nullish() });

/** POST /api/comments/admin/votes/move: one page of the comment votes D1 kept before the threads' objects. */
export const MoveCommentVotesSchema = z.object({
  after: z.object({ commentId: z.string().min(1).max(200), userId: z.string().min(1).max(200) }).nullish(),
  limit: z.number().int().min(1).max(500).default(200),
});
