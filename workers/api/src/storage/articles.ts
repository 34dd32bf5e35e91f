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
import {
  articleCategories,
  articles,
  HOTNESS_LOSS_BOUND,
  HOTNESS_SECONDS_PER_TENFOLD,
  hotness,
  popularityTier,
} from "@unbiased/worker-shared/db/schema/index";
import { and, desc, eq, getTableColumns, gte, sql } from "drizzle-orm";

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

/** Which articles a feed lists: every one (null), a category's, or one outlet's (its `domain`). */
export type FeedScope = ArticleCategory | { outlet: string } | null;

const outletOf = (scope: FeedScope) => (scope !== null && typeof scope === "object" ? scope.outlet : null);

export interface FeedPage {
  articles: Article[];
  hasNext: boolean;
}

/**
 * One page of a feed, newest (or hottest) first. Reads limit+1 rows to learn whether a next page
 * exists without a second COUNT query. Each order is an index walked backwards, so a page reads its
 * own rows and stops, whatever the size of the period: newest first is articles_feed_idx (a category's,
 * article_categories_feed_idx; an outlet's, articles_outlet_feed_idx), the id breaking ties;
 * popularity is articles_hot_idx (`popularRows`).
 */
export async function listFeed(
  db: Database,
  scope: FeedScope,
  query: FeedQuery,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<FeedPage> {
  const since = periodStart(query.period, nowSeconds);
  const offset = (query.page - 1) * query.limit;
  const rows =
    query.sort === "popularity"
      ? await popularRows(db, scope, since, offset, query.limit + 1)
      : await newestVisible(db, scope, since, query.limit + 1, offset);
  return { articles: rows.slice(0, query.limit).map(toArticle), hasNext: rows.length > query.limit };
}

/**
 * `count` visible articles of the scope since a time (from `offset` on), newest first with the id
 * breaking ties: exactly the feed's index walked backwards (articles_feed_idx, a category's
 * article_categories_feed_idx, an outlet's articles_outlet_feed_idx), so SQLite reads the page's rows
 * and stops instead of sorting the period. The feed API's pages and the Atom feeds both read this way.
 */
export async function newestVisible(db: Database, scope: FeedScope, since: number, count: number, offset = 0) {
  const columns = { ...articleColumns(), categoryList };
  const visibleSince = and(eq(articles.status, "visible"), gte(articles.sourcedTime, since));
  const outlet = outletOf(scope);
  if (outlet !== null)
    return db
      .select(columns)
      .from(articles)
      .where(and(eq(articles.domain, outlet), visibleSince))
      .orderBy(desc(articles.sourcedTime), desc(articles.id))
      .limit(count)
      .offset(offset);
  const category = typeof scope === "string" ? scope : null;
  return category
    ? db
        .select(columns)
        .from(articleCategories)
        .innerJoin(articles, eq(articles.id, articleCategories.articleId))
        .where(and(eq(articleCategories.category, category), gte(articleCategories.sourcedTime, since), visibleSince))
        .orderBy(desc(articleCategories.sourcedTime), desc(articleCategories.articleId))
        .limit(count)
        .offset(offset)
    : db
        .select(columns)
        .from(articles)
        .where(visibleSince)
        .orderBy(desc(articles.sourcedTime), desc(articles.id))
        .limit(count)
        .offset(offset);
}

/**
 * Rows `offset` … `offset + count - 1` of the period by popularity: each tier (a net gain, none, a net
 * loss) in hotness order is one range of articles_hot_idx walked backwards, read in one D1 batch and
 * joined in tier order. Each range starts at the lowest hotness an article of the period can have in
 * its tier (its publication time's share, less a loss's logarithm in the last), so a short period
 * with few articles stops there instead of walking on through every older one. The unary + keeps
 * SQLite from reading the period off the feed's index and sorting it (without table statistics it
 * would guess that range to be the smaller read).
 */
async function popularRows(db: Database, scope: FeedScope, since: number, offset: number, count: number) {
  const outlet = outletOf(scope);
  const tier = popularityTier(articles.netVotes);
  const hot = hotness(articles.netVotes, articles.sourcedTime);
  const lowest = since / HOTNESS_SECONDS_PER_TENFOLD;
  const inTier = (value: number, minimumHotness: number) =>
    db
      .select({ ...articleColumns(), categoryList })
      .from(articles)
      .where(
        and(
          eq(articles.status, "visible"),
          sql`${tier} = ${value}`,
          sql`${hot} >= ${minimumHotness}`,
          sql`+${articles.sourcedTime} >= ${since}`,
          typeof scope === "string" ? inCategory(scope) : undefined,
          outlet === null ? undefined : eq(articles.domain, outlet),
        ),
      )
      .orderBy(desc(hot), desc(articles.sourcedTime), desc(articles.id))
      .limit(offset + count);
  const tiers = await db.batch([inTier(2, lowest), inTier(1, lowest), inTier(0, lowest - HOTNESS_LOSS_BOUND)]);
  return tiers.flat().slice(offset, offset + count);
}

const inCategory = (category: ArticleCategory) =>
  sql`EXISTS (SELECT 1 FROM ${articleCategories} WHERE ${articleCategories.articleId} = ${articles.id} AND ${articleCategories.category} = ${category})`;

/** Whether the outlet has any visible article: a page of none is a 404, not an empty feed. */
export async function outletExists(db: Database, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.domain, domain), eq(articles.status, "visible")))
    .limit(1);
  return row !== undefined;
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
