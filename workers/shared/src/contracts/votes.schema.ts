// Zod schemas of the voting service's inputs (workers only; the UI uses the zod-free votes.ts).
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";
import {
  ACTIVITY_WINDOW_HOURS_DEFAULT,
  CLEANUP_HOURS_DEFAULT,
  MAX_BATCH_IDS,
  PROBLEMATIC_THRESHOLD_DEFAULT,
  VOTE_MESSAGES,
  VOTE_TYPES,
  type VoteRequest,
} from "./votes.ts";

const HOURS_MAX = 24 * 365;

export const ArticleIdSchema = z
  .string({ message: "articleId is required" })
  .min(1, "articleId is required")
  .max(64, "articleId must be 64 characters or fewer");
const UserIdSchema = z.string({ message: "userId is required" }).min(1, "userId is required").max(64);

export const VoteRequestSchema = z.object({
  articleId: ArticleIdSchema,
  userId: UserIdSchema,
  voteType: z.enum(VOTE_TYPES, { message: "voteType must be upvote or downvote" }),
  // Spec §3: voteCount defaults to 1; a vote is one person's one vote, so nothing else is accepted.
  voteCount: z.literal(1, { message: "voteCount must be 1" }).optional(),
}) satisfies z.ZodType<VoteRequest>;

const batchOf = <T extends z.ZodType>(item: T, field: string) =>
  z
    .array(item, { message: `${field} must be an array` })
    .min(1, `${field} must not be empty`)
    .max(MAX_BATCH_IDS, VOTE_MESSAGES.batchTooLarge);

export const VoteBatchSchema = z.object({ votes: batchOf(VoteRequestSchema, "votes") });
export const ArticleIdsSchema = z.object({ articleIds: batchOf(ArticleIdSchema, "articleIds") });
export const UserVoteBatchSchema = z.object({
  userId: UserIdSchema,
  articleIds: batchOf(ArticleIdSchema, "articleIds"),
});

export const ArticleParamSchema = z.object({ articleId: ArticleIdSchema });
export const UserVoteParamSchema = z.object({ articleId: ArticleIdSchema, userId: UserIdSchema });

const hours = (fallback: number) =>
  z.coerce
    .number({ message: "hours must be a number" })
    .positive("hours must be more than 0")
    .max(HOURS_MAX, `hours must be at most ${HOURS_MAX}`)
    .default(fallback);

export const ActivityQuerySchema = z.object({ hours: hours(ACTIVITY_WINDOW_HOURS_DEFAULT) });
export const ProblematicQuerySchema = z.object({
  hours: hours(ACTIVITY_WINDOW_HOURS_DEFAULT),
  threshold: z.coerce
    .number({ message: "threshold must be a number" })
    .int("threshold must be a whole number")
    .min(1, "threshold must be 1 or more")
    .default(PROBLEMATIC_THRESHOLD_DEFAULT),
});
export const CleanupSchema = z.object({ hours: hours(CLEANUP_HOURS_DEFAULT) });
export const TrackingUserParamSchema = z.object({ id: UserIdSchema });
export const TrackingIpParamSchema = z.object({ ip: z.string().min(1, "ip is required").max(64) });

/** POST /api/votes/admin/events/move: a page of the D1 vote events moved to their days' objects (ADR 022). */
export const MoveEventsSchema = z.object({
  after: z.string().min(1).max(200).nullish(),
  limit: z.number().int().min(1).max(500).default(200),
});

/** POST /api/votes/admin/history/move: a page of the D1 voting history moved to the users' objects (ADR 022). */
export const MoveHistorySchema = z.object({
  after: z.object({ userId: z.string().min(1).max(200), articleId: z.string().min(1).max(200) }).nullish(),
  limit: z.number().int().min(1).max(500).default(200),
});
