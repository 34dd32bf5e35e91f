// People, their sessions, roles, bans and reputation.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, epochMs, id } from "./columns.ts";

export const users = sqliteTable(
  "users",
  {
    id: id(),
    /** Google's stable subject id; null for development sign-in users. */
    googleSub: text("google_sub"),
    email: text("email").notNull(),
    name: text("name").notNull(),
    picture: text("picture"),
    role: text("role", { enum: ["user", "moderator", "admin"] })
      .notNull()
      .default("user"),
    createdAt: createdAt(),
    lastLoginAt: epochMs("last_login_at"),
  },
  (t) => [
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    // No index on role: no query looks users up by it (a user's role is read by their id), and every
    // account paid an entry for it (ADR 022 step 27).
    check("users_role_check", sql`${t.role} IN ('user', 'moderator', 'admin')`),
  ],
);

/** A sign-in; access tokens carry its id, and closing it stops refresh. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the refresh token a session opened before the numbered line had (auth/refresh-token.ts). */
    refreshHash: text("refresh_hash"),
    /** Which refresh token of the session's line is current; each refresh moves it on by one. */
    refreshGeneration: integer("refresh_generation"),
    createdAt: createdAt(),
    /** Absolute end of the session (30 days after sign-in). */
    expiresAt: epochMs("expires_at").notNull(),
    /** Last sign-in or refresh: a session unused for the idle timeout (7 days) cannot refresh. */
    lastUsedAt: epochMs("last_used_at"),
    revokedAt: epochMs("revoked_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), uniqueIndex("sessions_refresh_unique").on(t.refreshHash)],
);

/**
 * Sessions that ended before their absolute end (signed out, a reused refresh token, the account's
 * deletion). A session itself lives in its user's UserSessions object (ADR 022), which writes its row
 * here when it ends it; every worker's sign-in check reads this table, and the row goes once the
 * session's absolute end has passed, after which its tokens are refused by their own claims. No user
 * id: the row names nobody.
 */
export const endedSessions = sqliteTable(
  "ended_sessions",
  {
    sessionId: text("session_id").primaryKey(),
    /** The session's absolute end: the daily purge deletes the row after it. */
    expiresAt: epochMs("expires_at").notNull(),
  },
  // WITHOUT ROWID (migration 0025): the key is the table, so a row costs one entry, not two.
);

/**
 * Refresh tokens rotated away before the numbered line (SHA-256 hashes), as the gateway before it wrote
 * them: no longer written, only read, so that one of them presented again still revokes its session.
 * Kept while a gateway that writes it may still be serving (a deploy applies migrations first, and a
 * rollback would return to it); the migration after the line is live everywhere drops it, when no
 * session from before it is open (30 days).
 */
export const spentRefreshTokens = sqliteTable(
  "spent_refresh_tokens",
  {
    hash: text("hash").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    spentAt: epochMs("spent_at").notNull(),
  },
  (t) => [index("spent_refresh_tokens_session_idx").on(t.sessionId)],
);

/**
 * Single-use sign-in codes that the callback page exchanges for a session. Only a hash of the code
 * together with the browser's sign-in cookie is stored, so the code works once, for a minute, in the
 * browser that started the sign-in.
 */
export const signInCodes = sqliteTable(
  "sign_in_codes",
  {
    hash: text("hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: epochMs("expires_at").notNull(),
  },
  (t) => [index("sign_in_codes_expires_idx").on(t.expiresAt), index("sign_in_codes_user_idx").on(t.userId)],
);

export const bans = sqliteTable(
  "bans",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    banType: text("ban_type", { enum: ["temporary", "permanent"] }).notNull(),
    reason: text("reason"),
    bannedBy: text("banned_by").references(() => users.id),
    bannedAt: epochMs("banned_at").notNull(),
    /** Null for permanent bans. */
    expiresAt: epochMs("expires_at"),
    liftedAt: epochMs("lifted_at"),
    liftedBy: text("lifted_by").references(() => users.id),
  },
  (t) => [
    index("bans_user_active_idx").on(t.userId, t.liftedAt, t.expiresAt),
    index("bans_active_idx").on(t.liftedAt, t.bannedAt),
    // Staff ids, looked up when a user row is deleted (its foreign-key checks): only staff actions have one.
    index("bans_banned_by_idx").on(t.bannedBy).where(sql`${t.bannedBy} IS NOT NULL`),
    index("bans_lifted_by_idx").on(t.liftedBy).where(sql`${t.liftedBy} IS NOT NULL`),
    check(
      "bans_type_check",
      sql`(${t.banType} = 'permanent' AND ${t.expiresAt} IS NULL) OR (${t.banType} = 'temporary' AND ${t.expiresAt} IS NOT NULL)`,
    ),
  ],
);

/**
 * A ban kept after its account was deleted (ADR 017): keyed HMAC-SHA-256 digests of the identities the
 * account signed in with — Google's subject when it had one, and the trimmed, lower-cased e-mail — each
 * with the ban's kind, end and reason, until the ban ends and at most 12 months. A sign-in that matches
 * either digest gets the ban back before it is answered. No name, e-mail or id of the account is kept.
 */
export const carriedBans = sqliteTable(
  "carried_bans",
  {
    /** `${sourceBanId}:${identityKind}`: carrying the same ban twice writes the same rows. */
    id: id(),
    /** The deleted account's ban (its row is gone): the two digests of one account share it. */
    sourceBanId: text("source_ban_id").notNull(),
    identityKind: text("identity_kind", { enum: ["google", "email"] }).notNull(),
    identityHash: text("identity_hash").notNull(),
    banType: text("ban_type", { enum: ["temporary", "permanent"] }).notNull(),
    reason: text("reason"),
    bannedAt: epochMs("banned_at").notNull(),
    /** Null for permanent bans. */
    expiresAt: epochMs("expires_at"),
    /** When the row goes: the ban's end, or 12 months after the deletion, whichever comes first. */
    keepUntil: epochMs("keep_until").notNull(),
    carriedAt: epochMs("carried_at").notNull(),
  },
  (t) => [
    index("carried_bans_hash_idx").on(t.identityHash, t.keepUntil),
    index("carried_bans_source_idx").on(t.sourceBanId),
    index("carried_bans_keep_idx").on(t.keepUntil),
    check("carried_bans_kind_check", sql`${t.identityKind} IN ('google', 'email')`),
  ],
);

/** Current reputation per user; every change is also written to reputation_changes. */
export const userReputation = sqliteTable(
  "user_reputation",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    score: integer("score").notNull().default(0),
    totalUpvotes: integer("total_upvotes").notNull().default(0),
    totalDownvotes: integer("total_downvotes").notNull().default(0),
    approvedComments: integer("approved_comments").notNull().default(0),
    updatedAt: epochMs("updated_at").notNull(),
  },
  (t) => [index("user_reputation_score_idx").on(t.score)],
);

/**
 * Reputation history entries on their way to the user's ReputationHistory object (ADR 022 step 18):
 * written in the batch of the change, delivered after it (and by the comments worker's cron), then
 * deleted. Holds minutes of changes, not their history. No actor: the export never shows one, and the
 * moderation log keeps who acted.
 */
export const reputationOutbox = sqliteTable(
  "reputation_outbox",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    delta: integer("delta").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  // WITHOUT ROWID (migration 0029): the key is the table. By user: the export's and the deletion's reads.
  (t) => [index("reputation_outbox_user_idx").on(t.userId)],
);

/**
 * A user whose score crossed below 0, written by the change's own batch: their comments approved
 * before `fellAt` go back to the moderation queue thread by thread (storage/reputation-falls.ts), not
 * in the change's batch, so that each is a status change of its own (ADR 022 step 28). The row goes
 * once they all have; a later fall moves `fellAt` on.
 */
export const reputationFalls = sqliteTable("reputation_falls", {
  userId: text("user_id").primaryKey(),
  fellAt: epochMs("fell_at").notNull(),
  // WITHOUT ROWID (migration 0034): the key is the table.
});

export const reputationChanges = sqliteTable(
  "reputation_changes",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason"),
    /** Null when the system made the change (e.g. a comment vote). */
    actorId: text("actor_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("reputation_changes_user_idx").on(t.userId, t.createdAt),
    // A user row's deletion checks this foreign key: without it, every reputation change is read.
    index("reputation_changes_actor_idx").on(t.actorId).where(sql`${t.actorId} IS NOT NULL`),
  ],
);
