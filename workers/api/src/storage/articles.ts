// Article reads for the feed. Rows are mapped once, here, to the spec's Article shape.
import { and, desc, eq, getTableColumns, gte, sql } from "drizzle-orm";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articleCategories, articles } from "@unbiased/worker-shared/db/schema/index";
import { ARTICLE_CATEGORIES, SummarySchema, type Article, type ArticleCategory, type FeedPeriod, type FeedQuery } from "@unbiased/worker-shared/contracts/articles";

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

const isCategory = (value: string): value is ArticleCategory => (ARTICLE_CATEGORIES as readonly string[]).includes(value);

type ArticleRow = Omit<typeof articles.$inferSelect, "body"> & { categoryList: string | null };

export function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    domain: row.domain,
    thumbnailUrl: row.thumbnailUrl,
    imageAttribution: row.imageAttribution,
    sourcedTime: row.sourcedTime,
    location: row.location,
    locationCity: row.locationCity,
    locationCountry: row.locationCountry,
    categories: (row.categoryList ?? "").split(",").filter(isCategory),
    tldr: row.tldr,
    shortSummary: row.shortSummary,
    summary: parseSummary(row.summary),
    detailedSummary: row.detailedSummary,
  };
}

const categoryList = sql<string | null>`(SELECT group_concat(${articleCategories.category}) FROM ${articleCategories} WHERE ${articleCategories.articleId} = ${articles.id})`;

export interface FeedPage {
  articles: Article[];
  hasNext: boolean;
}

/**
 * One page of a feed, newest first. Reads limit+1 rows to learn whether a next page exists
 * without a second COUNT query.
 */
export async function listFeed(db: Database, category: ArticleCategory | null, query: FeedQuery): Promise<FeedPage> {
  const since = periodStart(query.period);
  const offset = (query.page - 1) * query.limit;
  const columns = { ...articleColumns(), categoryList };
  const rows = category
    ? await db
        .select(columns)
        .from(articleCategories)
        .innerJoin(articles, eq(articles.id, articleCategories.articleId))
        .where(and(eq(articleCategories.category, category), gte(articleCategories.sourcedTime, since), eq(articles.status, "visible")))
        .orderBy(desc(articleCategories.sourcedTime), articles.id)
        .limit(query.limit + 1)
        .offset(offset)
    : await db
        .select(columns)
        .from(articles)
        .where(and(eq(articles.status, "visible"), gte(articles.sourcedTime, since)))
        .orderBy(desc(articles.sourcedTime), articles.id)
        .limit(query.limit + 1)
        .offset(offset);
  return { articles: rows.slice(0, query.limit).map(toArticle), hasNext: rows.length > query.limit };
}

/** Every column except the extracted body text, which feeds never send. */
function articleColumns() {
  const { body: _body, ...rest } = getTableColumns(articles);
  return rest;
}
