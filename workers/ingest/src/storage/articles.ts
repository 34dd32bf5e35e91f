// Articles as the pipeline writes them. Each write returns statements for the caller's one batch.

import type { ArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import type { Database } from "@unbiased/worker-shared/db/client";
import type { Statement } from "@unbiased/worker-shared/db/raw-batch";
import { articleCategories, articles } from "@unbiased/worker-shared/db/schema/index";
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";

export type NewArticle = typeof articles.$inferInsert;

/** First 16 hex digits of the canonical URL's SHA-256: the same URL always gets the same id. */
export async function articleIdFor(canonicalUrl: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonicalUrl));
  return [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export interface KnownArticle {
  id: string;
  title: string;
  sourcedTime: number;
  eventId: string | null;
  status: "visible" | "hidden";
}

export async function findArticleByUrl(db: Database, canonicalUrl: string): Promise<KnownArticle | null> {
  const [row] = await db
    .select({
      id: articles.id,
      title: articles.title,
      sourcedTime: articles.sourcedTime,
      eventId: articles.eventId,
      status: articles.status,
    })
    .from(articles)
    .where(eq(articles.url, canonicalUrl));
  return row ?? null;
}

export function insertArticle(db: Database, row: NewArticle, categories: readonly ArticleCategory[]): Statement[] {
  return [
    db.insert(articles).values(row),
    ...categories.map((category) =>
      db.insert(articleCategories).values({ articleId: row.id, category, sourcedTime: row.sourcedTime }),
    ),
  ];
}

/** Moves an article's publication time forward (never back), in the category index too. */
export function refreshSourcedTime(db: Database, articleId: string, sourcedTime: number): Statement[] {
  return [
    db
      .update(articles)
      .set({ sourcedTime, updatedAt: Date.now() })
      .where(and(eq(articles.id, articleId), lt(articles.sourcedTime, sourcedTime))),
    db
      .update(articleCategories)
      .set({ sourcedTime })
      .where(and(eq(articleCategories.articleId, articleId), lt(articleCategories.sourcedTime, sourcedTime))),
  ];
}

/** An article's categories, comma-separated (a correlated subquery). */
const categoryListOf = sql<
  string | null
>`(SELECT group_concat(${articleCategories.category}) FROM ${articleCategories} WHERE ${articleCategories.articleId} = ${articles.id})`;

/** What regeneration works from: the stored text and where it came from (hidden articles too). */
export async function getArticleSource(db: Database, articleId: string) {
  const [row] = await db
    .select({
      id: articles.id,
      url: articles.url,
      title: articles.title,
      body: articles.body,
      domain: articles.domain,
      sourceName: articles.sourceName,
      sourcedTime: articles.sourcedTime,
      categoryList: categoryListOf,
    })
    .from(articles)
    .where(eq(articles.id, articleId));
  return row ?? null;
}

/** An article's stored image URL and categories (for the image proxy's fallback), or null. */
export async function getArticleImage(db: Database, articleId: string) {
  const [row] = await db
    .select({ thumbnailUrl: articles.thumbnailUrl, categoryList: categoryListOf })
    .from(articles)
    .where(eq(articles.id, articleId));
  return row ?? null;
}

export interface StaleArticle {
  id: string;
  title: string;
  body: string;
  sourcedTime: number;
  eventId: string | null;
}

/** Up to `limit` articles summarized by a version older than `version`, in id order after `after`. */
export const staleSummaries = (db: Database, version: number, after: string, limit: number): Promise<StaleArticle[]> =>
  db
    .select({
      id: articles.id,
      title: articles.title,
      body: articles.body,
      sourcedTime: articles.sourcedTime,
      eventId: articles.eventId,
    })
    .from(articles)
    .where(and(lt(articles.summarizerVersion, version), gt(articles.id, after)))
    .orderBy(asc(articles.id))
    .limit(limit);

/** Whether any article was summarized by a version older than `version` (an index seek). */
export async function hasStaleSummaries(db: Database, version: number): Promise<boolean> {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(lt(articles.summarizerVersion, version))
    .limit(1);
  return row !== undefined;
}

export type ArticleUpdate = Partial<
  Pick<
    NewArticle,
    | "tldr"
    | "shortSummary"
    | "summary"
    | "detailedSummary"
    | "summarizerVersion"
    | "thumbnailUrl"
    | "imageAttribution"
    | "location"
    | "locationCity"
    | "locationCountry"
  >
>;

export const updateArticle = (db: Database, articleId: string, fields: ArticleUpdate): Statement =>
  db
    .update(articles)
    .set({ ...fields, updatedAt: Date.now() })
    .where(eq(articles.id, articleId));
