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

/** Spec §5: trimmed content 3–8000 characters, with the comment's or the reply's message. */
function contentSchema(kind: "comment" | "reply") {
  const tooShort = kind === "comment" ? COMMENT_MESSAGES.commentTooShort : COMMENT_MESSAGES.replyTooShort;
  const tooLong = kind === "comment" ? COMMENT_MESSAGES.commentTooLong : COMMENT_MESSAGES.replyTooLong;
  return z.object({
    content: z.string({ message: tooShort }).trim().min(COMMENT_MIN_LENGTH, tooShort).max(COMMENT_MAX_LENGTH, tooLong),
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
