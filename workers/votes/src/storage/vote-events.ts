// The vote-events consumer's message: a change as the ArticleVotes object made it. Its counts are the
// article's after the change (the object copies the newest of them to D1 itself, ADR 022).

// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";

export const VoteChangedSchema = z.object({
  articleId: z.string().min(1),
  userId: z.string().min(1),
  voteType: z.enum(["upvote", "downvote"]).nullable(),
  previousVote: z.enum(["upvote", "downvote"]).nullable(),
  upvotes: z.number().int().min(0),
  downvotes: z.number().int().min(0),
  ip: z.string().nullable(),
  at: z.number().int(),
  /** The object's number of the change (events sent before ADR 022's numbering have none: 0). */
  seq: z.number().int().min(0).default(0),
});
export type VoteChanged = z.infer<typeof VoteChangedSchema>;
