// Cross-cutting operational tables: queue job states, the e-mail outbox, the moderation log, rate limits.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, epochMs, id } from "./columns.ts";
import { users } from "./users.ts";

export const QUEUE_JOB_STATUSES = ["pending", "processing", "completed", "failed"] as const;

/** Cloudflare Queues report no counts, so each message's state is recorded here (docs/contracts.md § Queues). */
export const queueJobs = sqliteTable(
  "queue_jobs",
  {
    /** Our own job id, carried inside the message body, so the state survives redelivery. */
    id: text("id").primaryKey(),
    queue: text("queue").notNull(),
    kind: text("kind").notNull(),
    status: text("status", { enum: QUEUE_JOB_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /**
     * How many messages the row stands for: 1 for a job of its own; a vote-events consumer batch is one
     * row for all its messages (ADR 022), so Queue Status counts messages by summing this.
     */
    items: integer("items").notNull().default(1),
    /** The message body (JSON), kept when the job is dead-lettered so that it can be replayed. */
    body: text("body"),
    createdAt: createdAt(),
    updatedAt: epochMs("updated_at").notNull(),
  },
  (t) => [
    index("queue_jobs_status_idx").on(t.queue, t.status, t.updatedAt),
    index("queue_jobs_time_idx").on(t.queue, t.updatedAt),
    // Only the rows that keep a body (dead-lettered, or replayed from there): an account deletion finds
    // the user's among them without reading every job row of the queue (ADR 022).
    index("queue_jobs_kept_body_idx").on(t.queue).where(sql`${t.body} IS NOT NULL`),
    check("queue_jobs_status_check", sql`${t.status} IN ('pending', 'processing', 'completed', 'failed')`),
  ],
);

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    template: text("template").notNull(),
    /** Headers of the message beyond the usual ones (JSON object), e.g. the digest's List-Unsubscribe. */
    headers: text("headers"),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: epochMs("sent_at"),
    /**
     * Until when a sender holds the message (outbox-delivery.ts): senders run at once (the cron, after
     * a moderation action, after each batch of digests), and each takes only messages no other holds.
     */
    leaseUntil: epochMs("lease_until"),
  },
  (t) => [index("email_outbox_status_idx").on(t.status, t.createdAt)],
);

/**
 * Inbox entries on their way to their reader's Inbox object (docs/decisions/026-inbox.md): written in
 * the D1 batch of the change they tell of, so no entry is announced for a change that was rolled back;
 * sent to the inbox queue and deleted by the worker that wrote them (at once, and by its cron for any
 * left over). The entry's id comes from its event, so an entry written or sent twice is one entry.
 */
export const inboxOutbox = sqliteTable(
  "inbox_outbox",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entryId: text("entry_id").notNull(),
    /** The entry as the reader's object stores it (JSON, contracts/inbox.ts). */
    entry: text("entry").notNull(),
    createdAt: createdAt(),
  },
  // The key is the only index, and the table is WITHOUT ROWID (migration 0023): an entry costs one row
  // written and one deleted. By user first, so an account's deletion finds its rows by the key.
  (t) => [primaryKey({ columns: [t.userId, t.entryId] })],
);

/**
 * The readers who asked for the daily digest of their unread inbox entries (docs/decisions/026-inbox.md):
 * the gateway's daily cron finds them here (objects cannot be listed). `lastSentAt` keeps it to one a
 * day, and says which entries are new since the last one.
 */
export const digestSubscriptions = sqliteTable("digest_subscriptions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  lastSentAt: epochMs("last_sent_at"),
});

/**
 * Each action's entry, written in the action's own batch and kept here only until it moves to its
 * month's ModerationLogMonth object (ADR 022 step 20), which keeps the log append-only. A trigger
 * still refuses UPDATE (migration 0001); the move deletes (migration 0031 lifted that trigger), so
 * no index: nothing is looked up here but the waiting entries, newest first by id.
 */
export const moderationLog = sqliteTable("moderation_log", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  actorId: text("actor_id"),
  action: text("action").notNull(),
  targetType: text("target_type").notNull(),
  targetId: text("target_id").notNull(),
  reason: text("reason"),
  /** JSON with action-specific details. */
  details: text("details"),
  createdAt: createdAt(),
});

/** The UTC months (YYYY-MM) whose ModerationLogMonth object holds entries, one row each: what a read asks. */
export const moderationLogMonths = sqliteTable("moderation_log_months", { month: text("month").primaryKey() });

/** Every user who ever acted in the log (staff, and the few users' own actions): ModMe's moderator filter by name. */
export const moderationLogActors = sqliteTable("moderation_log_actors", { actorId: text("actor_id").primaryKey() });

/** Fixed-window counters for the limits that are not per-article (comments, reports, submissions, sign-in, ModMe gate). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: epochMs("reset_at").notNull(),
});

/**
 * One row: a counter that ingestion, hides and regenerations bump. Public responses are cached and
 * validated against it, so a hidden article leaves every cached feed on the next request.
 */
export const contentVersion = sqliteTable(
  "content_version",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull(),
    updatedAt: epochMs("updated_at").notNull(),
  },
  (t) => [check("content_version_single_row", sql`${t.id} = 1`)],
);
