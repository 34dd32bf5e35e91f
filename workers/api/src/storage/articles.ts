// Article reads for the feed. Rows are mapped once, here, to the spec's Article shape.

import {
  type Article,
  type ArticleCategory,
  type FeedPeriod,
  type FeedQuery,
  isArticleCategory,
} from "@unbiased/worker-shared/contracts/articles";
import { SummarySchema } from "@unbiased/worker-shared/contracts/articles.schema";
import { servedImageUrl } from "@unbiased/worker-shared/contracts/images";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articleCategories, articleStats, articles } from "@unbiased/worker-shared/db/schema/index";
import { and, desc, eq, getTableColumns, gte, type SQL, sql } from "drizzle-orm";

const PERIOD_SECONDS: Record<FeedPeriod, number | null> = {
  "1h": 3600,
  "6h": 6 * 3600,
  "24h": 24 * 3600,
  "7d": 7 * 86400,
  "30d": 30 * 86400,
  all: null,
};

/** Epoch seconds before which articles fall outside the period (0 for "all"). */
export function periodStart(period: FeedPeriod, nowSeconds = Math.floor(Date.now() / 1000)): number {
  const span = PERIOD_SECONDS[period];
  return span === null ? 0 : nowSeconds - span;
}

const EMPTY_SUMMARY = { who: "", what: "", when: "", where: "", why: "", how: "" };

function parseSummary(raw: string): Article["summary"] {
  try {
    const parsed = SummarySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_SUMMARY;
  } catch {
    return EMPTY_SUMMARY;
  }
}

type ArticleRow = Omit<typeof articles.$inferSelect, "body" | "entities"> & { categoryList: string | null };

export function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    domain: row.domain,
    // A publisher's picture is shown through the image proxy (contracts/images.ts).
    thumbnailUrl: servedImageUrl(row.id, row.thumbnailUrl),
    imageAttribution: row.imageAttribution,
    sourcedTime: row.sourcedTime,
    location: row.location,
    locationCity: row.locationCity,
    locationCountry: row.locationCountry,
    categories: (row.categoryList ?? "").split(",").filter(isArticleCategory),
    tldr: row.tldr,
    shortSummary: row.shortSummary,
    summary: parseSummary(row.summary),
    detailedSummary: row.detailedSummary,
  };
}

const categoryList = sql<
  string | null
>`(SELECT group_concat(${articleCategories.category}) FROM ${articleCategories} WHERE ${articleCategories.articleId} = ${articles.id})`;

/**
 * Popularity, a time-decayed vote score after Hacker News: (upvotes - downvotes) / (ageHours + 2)^1.8.
 * GRAVITY 1.8 makes a day-old article need about 11x the net votes of a fresh one to rank level with
 * it; the +2 hours keeps brand-new articles from dividing by almost nothing. Articles without votes
 * score 0 and fall back to recency among themselves (the ORDER BY's second key).
 */
export const POPULARITY_GRAVITY = 1.8;
export const POPULARITY_AGE_OFFSET_HOURS = 2;
/**
 * The popularity page is ranked among this many hours' articles first; an older article can only
 * outrank them with net votes the index on them finds (see `popularRows`).
 */
const RECENT_HOURS = 48;

const netVotes = sql<number>`(${articleStats.upvotes} - ${articleStats.downvotes})`;
const popularityScore = (nowSeconds: number) =>
  sql<number>`(coalesce(${articleStats.upvotes}, 0) - coalesce(${articleStats.downvotes}, 0)) / pow((${nowSeconds} - ${articles.sourcedTime}) / 3600.0 + ${POPULARITY_AGE_OFFSET_HOURS}, ${POPULARITY_GRAVITY})`;

export interface FeedPage {
  articles: Article[];
  hasNext: boolean;
}

/** The visible articles of a feed (all, or one category's) since a time, with extra conditions. */
function feedRows(db: Database, category: ArticleCategory | null, since: number, nowSeconds: number, extra?: SQL) {
  const columns = { ...articleColumns(), categoryList, popularity: popularityScore(nowSeconds) };
  const visibleSince = and(eq(articles.status, "visible"), gte(articles.sourcedTime, since), extra);
  return category
    ? db
        .select(columns)
        .from(articleCategories)
        .innerJoin(articles, eq(articles.id, articleCategories.articleId))
        .leftJoin(articleStats, eq(articleStats.articleId, articles.id))
        .where(and(eq(articleCategories.category, category), gte(articleCategories.sourcedTime, since), visibleSince))
    : db
        .select(columns)
        .from(articles)
        .leftJoin(articleStats, eq(articleStats.articleId, articles.id))
        .where(visibleSince);
}

// Newest first, the id breaking ties: exactly the feed's index walked backwards (articles_feed_idx,
// article_categories_feed_idx), so SQLite reads the page's rows and stops instead of sorting the period.
const newestFirst = (category: ArticleCategory | null) =>
  category
    ? [desc(articleCategories.sourcedTime), desc(articleCategories.articleId)]
    : [desc(articles.sourcedTime), desc(articles.id)];

/**
 * The period's articles older than `before` with at least `minimumNet` net votes, found from the index
 * on net votes: the unary `+` keeps SQLite from walking the feed's index instead (without table
 * statistics it would guess a range of the feed index to be the smaller read).
 */
function olderByNetVotes(
  db: Database,
  category: ArticleCategory | null,
  since: number,
  before: number,
  minimumNet: number,
  nowSeconds: number,
) {
  const inCategory = category
    ? sql`EXISTS (SELECT 1 FROM ${articleCategories} WHERE ${articleCategories.articleId} = ${articles.id} AND ${articleCategories.category} = ${category})`
    : undefined;
  return db
    .select({ ...articleColumns(), categoryList, popularity: popularityScore(nowSeconds) })
    .from(articleStats)
    .innerJoin(articles, eq(articles.id, articleStats.articleId))
    .where(
      and(
        gte(netVotes, minimumNet),
        sql`+${articles.status} = 'visible'`,
        sql`+${articles.sourcedTime} >= ${since}`,
        sql`+${articles.sourcedTime} < ${before}`,
        inCategory,
      ),
    );
}

type FeedRow = Awaited<ReturnType<ReturnType<typeof feedRows>["limit"]>>[number];

/** The SQL order of a popularity page (score, then newest, then id), for rows merged in code. */
const byPopularity = (a: FeedRow, b: FeedRow) =>
  b.popularity - a.popularity || b.sourcedTime - a.sourcedTime || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Rows `offset` to `offset + count` of the period by popularity, without scoring every article of it.
 * The last RECENT_HOURS are ranked first; when the row the page needs last (the k-th) has a positive
 * score s, an older article (age at least RECENT_HOURS) scores at most net / (RECENT_HOURS + 2)^1.8, so
 * only one with net votes of at least s × (RECENT_HOURS + 2)^1.8 can rank above it: those few come from
 * the index on net votes (article_stats_net_idx) and the two lists are merged. Exact, and its cost
 * follows the recent articles and the very popular ones, not the size of the period. When the k-th
 * score is not positive (a quiet period, a deep page) every article can matter and the whole period
 * is ranked, as before.
 */
async function popularRows(
  db: Database,
  category: ArticleCategory | null,
  since: number,
  nowSeconds: number,
  offset: number,
  count: number,
): Promise<FeedRow[]> {
  const score = desc(popularityScore(nowSeconds));
  const recentSince = Math.max(since, nowSeconds - RECENT_HOURS * 3600);
  const wanted = offset + count;
  const recent = await feedRows(db, category, recentSince, nowSeconds)
    .orderBy(score, ...newestFirst(category))
    .limit(wanted);
  const kth = recent[wanted - 1]?.popularity ?? 0;
  if (recentSince === since) return recent.slice(offset);
  if (recent.length < wanted || !(kth > 0))
    return feedRows(db, category, since, nowSeconds)
      .orderBy(score, ...newestFirst(category))
      .limit(count)
      .offset(offset);
  // A hair below the bound, so a float rounding never leaves out an article that ties.
  const minimumNet = kth * (RECENT_HOURS + POPULARITY_AGE_OFFSET_HOURS) ** POPULARITY_GRAVITY * (1 - 1e-9);
  const older = await olderByNetVotes(db, category, since, recentSince, minimumNet, nowSeconds)
    .orderBy(score, desc(articles.sourcedTime), desc(articles.id))
    .limit(wanted);
  return [...recent, ...older].sort(byPopularity).slice(offset, wanted);
}

/**
 * One page of a feed, newest (or most popular) first. Reads limit+1 rows to learn whether a next page
 * exists without a second COUNT query.
 */
export async function listFeed(
  db: Database,
  category: ArticleCategory | null,
  query: FeedQuery,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<FeedPage> {
  const since = periodStart(query.period, nowSeconds);
  const offset = (query.page - 1) * query.limit;
  const rows =
    query.sort === "popularity"
      ? await popularRows(db, category, since, nowSeconds, offset, query.limit + 1)
      : await feedRows(db, category, since, nowSeconds)
          .orderBy(...newestFirst(category))
          .limit(query.limit + 1)
          .offset(offset);
  return { articles: rows.slice(0, query.limit).map(toArticle), hasNext: rows.length > query.limit };
}

/** A visible article, or null (hidden articles are never shown to the public). */
export async function getVisibleArticle(db: Database, id: string): Promise<Article | null> {
  const [row] = await db
    .select({ ...articleColumns(), categoryList })
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.status, "visible")));
  return row ? toArticle(row) : null;
}

/** Every column except the extracted body text and the clustering entities, which feeds never send. */
export function articleColumns() {
  const { body: _body, entities: _entities, ...rest } = getTableColumns(articles);
  return rest;
}

export { categoryList };

/**
 * What the image proxy needs of an article before it serves or looks up anything: whether it is
 * visible, and its stored picture (whose hash is the only `v` its address may carry).
 */
export async function findArticlePicture(db: Database, id: string) {
  const [row] = await db
    .select({ status: articles.status, thumbnailUrl: articles.thumbnailUrl })
    .from(articles)
    .where(eq(articles.id, id));
  return row ?? null;
}
