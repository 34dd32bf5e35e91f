// Article votes as D1 kept them before ADR 022: the vote events now live in the VoteLog objects and
// each user's votes in their UserVotes object; these tables are no longer written and are read only
// by the account deletion and the export until scripts/move-vote-history.ts has moved their rows, then
// dropped by a migration.
import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, epochMs } from "./columns.ts";

export const VOTE_TYPES = ["upvote", "downvote"] as const;

/** Every vote change as D1 kept it before ADR 022 (now the VoteLog objects'). */
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

/** Each user's current vote per article as D1 kept it before ADR 022 (now their UserVotes object's). */
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
