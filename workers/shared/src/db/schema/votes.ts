// Article votes as the voting worker's queue consumer records them. The ArticleVotes Durable
// Object holds the authoritative counts; these tables serve history, tracking and stats.
import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, epochMs } from "./columns.ts";

export const VOTE_TYPES = ["upvote", "downvote"] as const;

/** Every vote change, append-only. id is the queue message's id, so a redelivered message is a no-op. */
export const voteEvents = sqliteTable(
  "vote_events",
  {
    id: text("id").primaryKey(),
    articleId: text("article_id").notNull(),
    userId: text("user_id").notNull(),
    /** The vote after the change: none means removed. */
    voteType: text("vote_type", { enum: ["upvote", "downvote", "none"] }).notNull(),
    previousVote: text("previous_vote", { enum: ["upvote", "downvote", "none"] }).notNull(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("vote_events_user_idx").on(t.userId, t.createdAt),
    index("vote_events_article_idx").on(t.articleId, t.createdAt),
    index("vote_events_time_idx").on(t.createdAt),
    index("vote_events_ip_idx").on(t.ip, t.createdAt),
  ],
);

/**
 * Users whose account deletion took their votes out (ADR 022): a vote event of theirs still on the
 * queue when the deletion ran writes nothing of them when it lands. Kept a week, far longer than a
 * message's retries; a dead-lettered event of theirs loses its body, so no replay brings it back.
 */
export const erasedVoters = sqliteTable("erased_voters", {
  userId: text("user_id").primaryKey(),
  erasedAt: epochMs("erased_at").notNull(),
});

/**
 * Each user's current vote per article as D1 kept it before ADR 022: no longer written (a user's votes
 * are their UserVotes object's); read by the account deletion until scripts/move-vote-history.ts has
 * moved every row to the objects, then dropped by a migration.
 */
export const userArticleVotes = sqliteTable(
  "user_article_votes",
  {
    userId: text("user_id").notNull(),
    articleId: text("article_id").notNull(),
    voteType: text("vote_type", { enum: VOTE_TYPES }).notNull(),
    updatedAt: epochMs("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    index("user_article_votes_recent_idx").on(t.userId, t.updatedAt),
  ],
);
