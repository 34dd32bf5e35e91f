// Articles and what hangs off them: categories, sources, events, reports, stats, submissions.
import { type SQL, sql } from "drizzle-orm";
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
import { REPORT_STATUSES } from "../../contracts/reports.ts";
import { createdAt, epochMs, id } from "./columns.ts";
import { users } from "./users.ts";

export const categories = sqliteTable("categories", {
  slug: text("slug").primaryKey(),
  label: text("label").notNull(),
  emoji: text("emoji").notNull(),
  position: integer("position").notNull(),
});

export const sources = sqliteTable(
  "sources",
  {
    id: id(),
    name: text("name").notNull(),
    domain: text("domain").notNull(),
    feedUrl: text("feed_url").notNull(),
    feedKind: text("feed_kind", { enum: ["rss", "atom", "json"] })
      .notNull()
      .default("rss"),
    /** Used when the feed gives no category of its own. */
    defaultCategory: text("default_category"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    etag: text("etag"),
    lastModified: text("last_modified"),
    lastFetchedAt: epochMs("last_fetched_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sources_feed_url_unique").on(t.feedUrl)],
);

export const events = sqliteTable(
  "events",
  {
    id: id(),
    title: text("title").notNull(),
    mainTldr: text("main_tldr").notNull(),
    startDate: epochMs("start_date").notNull(),
    endDate: epochMs("end_date").notNull(),
    createdAt: createdAt(),
    updatedAt: epochMs("updated_at").notNull(),
  },
  (t) => [index("events_end_date_idx").on(t.endDate)],
);

/**
 * The popularity feed's order (ADR 022): first the articles with more upvotes than downvotes, then those
 * without a net, then those with a net loss (`popularityTier` 2, 1, 0, as a score divided by age sorts
 * them); within a tier by hotness, log10(|net votes|) (negated for a loss) + publication time / this
 * many seconds, after Reddit's "hot" rank: 12.5 hours of recency weigh as much as ten times the votes.
 * Unlike a score divided by age, it orders two articles the same way at any moment, so it is an index
 * (articles_hot_idx) and a popularity page is read in order instead of scoring a period.
 */
export const HOTNESS_SECONDS_PER_TENFOLD = 45_000;

/**
 * log10(n) for n ≥ 1 in SQL that D1 allows (it refuses log10 and ln; length and pow it runs): the digits
 * less one, plus a straight line between the powers of ten (exact at 1, 10, 100…, at most 0.27 below
 * between them, and rising with n, which is all an order needs).
 */
const log10Steps = (n: SQL) => sql`(length(${n}) - 1 + (${n} / pow(10, length(${n}) - 1) - 1) / 9.0)`;

type Operand = AnySQLiteColumn | SQL;

/** 2 for a net gain, 1 for none, 0 for a net loss. */
export const popularityTier = (netVotes: Operand) =>
  sql<number>`(CASE WHEN ${netVotes} > 0 THEN 2 WHEN ${netVotes} = 0 THEN 1 ELSE 0 END)`;

/** The hotness expression; the same text in the index and in the feed's ORDER BY, so SQLite uses one for the other. */
export const hotness = (netVotes: Operand, sourcedTime: Operand) =>
  sql<number>`(CASE WHEN ${netVotes} > 0 THEN ${log10Steps(sql`${netVotes}`)} WHEN ${netVotes} < 0 THEN -${log10Steps(sql`(-${netVotes})`)} ELSE 0 END + ${sourcedTime} / ${sql.raw(`${HOTNESS_SECONDS_PER_TENFOLD}.0`)})`;

/** Above any |log10| of a net loss hotness meets (|net| below 10^10). */
export const HOTNESS_LOSS_BOUND = 10;

export const articles = sqliteTable(
  "articles",
  {
    id: id(),
    /** Canonical URL (scheme/host lower-cased, tracking parameters removed): the dedupe key. */
    url: text("url").notNull(),
    title: text("title").notNull(),
    domain: text("domain").notNull(),
    sourceId: text("source_id").references(() => sources.id),
    sourceName: text("source_name"),
    author: text("author"),
    thumbnailUrl: text("thumbnail_url"),
    imageAttribution: text("image_attribution"),
    /** Publication time, epoch SECONDS (spec's sourcedTime). */
    sourcedTime: integer("sourced_time").notNull(),
    location: text("location"),
    locationCity: text("location_city"),
    locationCountry: text("location_country"),
    tldr: text("tldr").notNull().default(""),
    shortSummary: text("short_summary").notNull().default(""),
    /** JSON object {who, what, when, where, why, how}. */
    summary: text("summary").notNull().default("{}"),
    detailedSummary: text("detailed_summary").notNull().default(""),
    /** Extracted readable text, kept so summaries can be regenerated. */
    body: text("body").notNull().default(""),
    /** JSON array of the people, places and organisations the article names (lower-cased): event clustering compares them. */
    entities: text("entities").notNull().default("[]"),
    /**
     * SUMMARIZER_VERSION of the summarizer that wrote tldr, the summaries and the six answers; rows
     * written by an older one are summarized again in the background (the ingest worker's
     * summaries.refresh job). 0: written before versions were recorded.
     */
    summarizerVersion: integer("summarizer_version").notNull().default(0),
    status: text("status", { enum: ["visible", "hidden"] })
      .notNull()
      .default("visible"),
    hiddenReason: text("hidden_reason"),
    hiddenBy: text("hidden_by").references(() => users.id),
    hiddenAt: epochMs("hidden_at"),
    eventId: text("event_id").references(() => events.id, { onDelete: "set null" }),
    /**
     * The D1 copy of the article's ArticleVotes counts, which its object writes once per outbox flush
     * (ADR 022): on the article's own row since migration 0021, so a copy writes the row and its two
     * hotness index entries, and no table of its own (a new vote: 3 D1 rows, not 4).
     */
    upvotes: integer("upvotes").notNull().default(0),
    downvotes: integer("downvotes").notNull().default(0),
    /**
     * Upvotes minus downvotes, written with them, so the popularity feed can walk an index of the
     * articles' hotness (articles_hot_idx, articles_outlet_hot_idx).
     */
    netVotes: integer("net_votes").notNull().default(0),
    /** The object's number of the change the counts came from: newer wins (ADR 022); 0 before any. */
    voteSeq: integer("vote_seq").notNull().default(0),
    /**
     * The article's approved comments (the public comment count): moved by each status change's copy
     * from its ArticleThread object, which knows whether the change enters or leaves approved, and
     * counted again by the batches that remove comments outside the threads' changes (ADR 022 step 31).
     */
    approvedComments: integer("approved_comments").notNull().default(0),
    /** The object's time of that change (epoch ms), the tie-break for copies made before numbering. */
    votesUpdatedAt: integer("votes_updated_at").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: epochMs("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("articles_url_unique").on(t.url),
    // The popularity feed's order (hotness, then newest, then id) is this index walked backwards: a
    // page reads its own rows whatever the size of the archive (ADR 022).
    index("articles_hot_idx").on(
      t.status,
      popularityTier(t.netVotes),
      hotness(t.netVotes, t.sourcedTime),
      t.sourcedTime,
      t.id,
    ),
    // The feeds' order (newest first, id breaking ties) is this index walked backwards, so a page reads
    // its own rows and stops; without `id` every article of the period was read and sorted for each page.
    index("articles_feed_idx").on(t.status, t.sourcedTime, t.id),
    // An outlet's page (/source/{domain}) and its Atom feed, newest first; by popularity, the hot
    // index's order within the outlet (the hot index alone would walk every outlet's rows to find its).
    index("articles_outlet_feed_idx").on(t.domain, t.status, t.sourcedTime, t.id),
    index("articles_outlet_hot_idx").on(
      t.domain,
      t.status,
      popularityTier(t.netVotes),
      hotness(t.netVotes, t.sourcedTime),
      t.sourcedTime,
      t.id,
    ),
    index("articles_event_idx").on(t.eventId),
    // The catch-up finds the stale rows by this, and the poll's "is any row stale?" is one index seek.
    index("articles_summarizer_version_idx").on(t.summarizerVersion),
    // An account deletion clears the staff member's id here and then deletes the user row, whose
    // foreign-key check looks the id up: without this index both walk every article (ADR 022). Only
    // hidden articles have one, so the index holds only those.
    index("articles_hidden_by_idx").on(t.hiddenBy).where(sql`${t.hiddenBy} IS NOT NULL`),
    check("articles_status_check", sql`${t.status} IN ('visible', 'hidden')`),
    check("articles_summary_json_check", sql`json_valid(${t.summary})`),
  ],
);

/** An article may carry several categories; sourced_time is copied here so a category feed is one index range scan. */
export const articleCategories = sqliteTable(
  "article_categories",
  {
    articleId: text("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    category: text("category")
      .notNull()
      .references(() => categories.slug),
    sourcedTime: integer("sourced_time").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.category] }),
    // A category feed's order, as articles_feed_idx gives the main feed's.
    index("article_categories_feed_idx").on(t.category, t.sourcedTime, t.articleId),
  ],
);

/**
 * The D1 copy of the vote counts until migration 0021 moved it onto the article's row: no longer
 * written; its triggers carry an older votes worker's writes onto the article until a later migration
 * drops it (ADR 022).
 */
export const articleStats = sqliteTable("article_stats", {
  articleId: text("article_id")
    .primaryKey()
    .references(() => articles.id, { onDelete: "cascade" }),
  upvotes: integer("upvotes").notNull().default(0),
  downvotes: integer("downvotes").notNull().default(0),
  commentCount: integer("comment_count").notNull().default(0),
  seq: integer("seq").notNull().default(0),
  updatedAt: epochMs("updated_at").notNull(),
});

export const articleReports = sqliteTable(
  "article_reports",
  {
    id: id(),
    articleId: text("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    /** 'actioned' when staff hid the article: the reporter sees it. */
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("pending"),
    createdAt: createdAt(),
    /** When the status last changed (dismissed or actioned); null while pending. */
    resolvedAt: epochMs("resolved_at"),
    resolvedBy: text("resolved_by").references(() => users.id),
  },
  (t) => [
    index("article_reports_status_idx").on(t.status, t.createdAt),
    // A reporter's own reports, newest first (profile 'My reports').
    index("article_reports_reporter_idx").on(t.reporterId, t.createdAt),
    index("article_reports_resolved_by_idx").on(t.resolvedBy).where(sql`${t.resolvedBy} IS NOT NULL`),
    uniqueIndex("article_reports_once_idx").on(t.articleId, t.reporterId),
  ],
);

export const submissions = sqliteTable(
  "submissions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    canonicalUrl: text("canonical_url").notNull(),
    status: text("status", { enum: ["queued", "processing", "done", "duplicate", "failed"] })
      .notNull()
      .default("queued"),
    articleId: text("article_id").references(() => articles.id, { onDelete: "set null" }),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: epochMs("updated_at").notNull(),
  },
  (t) => [
    index("submissions_user_idx").on(t.userId, t.createdAt),
    index("submissions_canonical_idx").on(t.canonicalUrl),
  ],
);
