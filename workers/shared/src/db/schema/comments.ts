// Comments, their votes and reports.
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { COMMENT_STATUSES } from "../../contracts/comments.ts";
import { REPORT_STATUSES } from "../../contracts/reports.ts";
import { articles } from "./articles.ts";
import { createdAt, epochMs, id } from "./columns.ts";
import { users } from "./users.ts";

export { COMMENT_STATUSES };

export const comments = sqliteTable(
  "comments",
  {
    id: id(),
    articleId: text("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parentId: text("parent_id").references((): AnySQLiteColumn => comments.id, { onDelete: "cascade" }),
    /**
     * The text, or, when `textInThread`, a digest of it (`storage/comment-texts.ts`): the text itself is
     * in the article's ArticleThread object (ADR 022 step 19). The column keeps its name and its length
     * check because SQLite changes neither in place, and rebuilding this table on D1 would cascade to
     * every row that refers to a comment.
     */
    content: text("content").notNull(),
    textInThread: integer("text_in_thread", { mode: "boolean" }).notNull().default(false),
    /** A deactivated comment goes back to pending, with status_reason kept. */
    status: text("status", { enum: COMMENT_STATUSES }).notNull().default("pending"),
    statusReason: text("status_reason"),
    upvotes: integer("upvotes").notNull().default(0),
    downvotes: integer("downvotes").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: epochMs("updated_at").notNull(),
    approvedAt: epochMs("approved_at"),
    /**
     * Listed on ModMe's Approved tab: set with the approval, cleared when the comment leaves approved
     * or its approval is APPROVED_TAB_DAYS old (the comments worker's cron), so the tab's index holds
     * the last days' approvals, not every approved comment (ADR 022 step 21).
     */
    inApprovedTab: integer("in_approved_tab", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    index("comments_article_idx").on(t.articleId, t.status, t.createdAt),
    index("comments_user_idx").on(t.userId, t.createdAt),
    index("comments_parent_idx").on(t.parentId),
    // ModMe's queues in their order, each a walk of its index that stops at the page: the pending
    // queue oldest first, the approved tab newest approval first (the id breaks ties in both). Each is
    // partial: the pending comments (migration 0028), the Approved tab's last days (migration 0032).
    index("comments_pending_idx").on(t.status, t.createdAt, t.id).where(sql`${t.status} = 'pending'`),
    index("comments_approved_tab_idx").on(t.approvedAt, t.id).where(sql`${t.inApprovedTab} = 1`),
    check("comments_status_check", sql`${t.status} IN ('pending', 'approved', 'rejected', 'deleted')`),
    check("comments_content_length_check", sql`length(${t.content}) BETWEEN 3 AND 8000`),
  ],
);

/** One row per (comment, user): a repeat vote is an update or a removal, never a second row. */
export const commentVotes = sqliteTable(
  "comment_votes",
  {
    commentId: text("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    voteType: text("vote_type", { enum: ["upvote", "downvote"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    // By voter, then time: the profile's newest comment votes are a walk that stops at the page (migration 0026).
    index("comment_votes_user_idx").on(t.userId, t.createdAt),
    check("comment_votes_type_check", sql`${t.voteType} IN ('upvote', 'downvote')`),
  ],
);

/**
 * The newest change of an article's comment votes D1 has taken from its ArticleThread object (ADR 022):
 * each change applies only when its number is above this, so a batch the object sends again writes
 * nothing twice. One row per article whose comments were ever voted on.
 */
export const commentVoteCopies = sqliteTable(
  "comment_vote_copies",
  {
    articleId: text("article_id").primaryKey(),
    seq: integer("seq").notNull(),
  },
  // WITHOUT ROWID (migration 0027): the key is the table, so a row costs one entry, not two.
);

/**
 * The newest status change of each article's comments D1 has taken (ADR 022 step 29): the article's
 * ArticleThread object decides and numbers every change, and D1 takes each number once, in order.
 */
export const commentStatusCopies = sqliteTable(
  "comment_status_copies",
  {
    articleId: text("article_id").primaryKey(),
    seq: integer("seq").notNull(),
  },
  // WITHOUT ROWID (migration 0035): the key is the table.
);

export const commentReports = sqliteTable(
  "comment_reports",
  {
    id: id(),
    /**
     * Null once the comment itself is gone (deleted permanently, or with its author's account): the
     * report outlives it, as 'content_removed', for the reporter's history, until REVIEWED_REPORT_DAYS
     * after that (as every settled report: report-review.ts).
     */
    commentId: text("comment_id").references(() => comments.id, { onDelete: "set null" }),
    /** The article the comment was on, kept so a report still says where once its comment is gone. */
    articleId: text("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    /**
     * 'actioned' when staff acted on the comment (rejected, deactivated, deleted); 'content_removed'
     * when the comment was removed (by an admin's permanent deletion or its author's account deletion)
     * while the report was pending. The reporter sees it.
     */
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("pending"),
    createdAt: createdAt(),
    /** When the status last changed (dismissed or actioned); null while pending. */
    resolvedAt: epochMs("resolved_at"),
    resolvedBy: text("resolved_by").references(() => users.id),
  },
  (t) => [
    index("comment_reports_status_idx").on(t.status, t.createdAt),
    index("comment_reports_comment_idx").on(t.commentId),
    // A reporter's own reports, newest first (profile 'My reports').
    index("comment_reports_reporter_idx").on(t.reporterId, t.createdAt),
    index("comment_reports_resolved_by_idx").on(t.resolvedBy).where(sql`${t.resolvedBy} IS NOT NULL`),
    uniqueIndex("comment_reports_once_idx").on(t.commentId, t.reporterId),
  ],
);
