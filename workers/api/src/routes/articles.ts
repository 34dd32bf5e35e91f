// Articles API (spec §7 Articles): feeds, one article, events, search, reports.

import { requireAuth } from "@unbiased/worker-shared/auth/middleware";
import {
  ARTICLE_MESSAGES,
  type FeedQuery,
  type FeedResponse,
  isArticleCategory,
  isCategorySlug,
  type SearchResponse,
} from "@unbiased/worker-shared/contracts/articles";
import { FeedQuerySchema, ReportSchema, SearchQuerySchema } from "@unbiased/worker-shared/contracts/articles.schema";
import { EVENT_MESSAGES } from "@unbiased/worker-shared/contracts/events";
import { outletDomain } from "@unbiased/worker-shared/contracts/outlets";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { badRequest, notFound } from "@unbiased/worker-shared/http/errors";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { clientAddress } from "@unbiased/worker-shared/limits/client-address";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { consume, userLimitKey } from "@unbiased/worker-shared/limits/rate-limit";
import { type Context, Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import { publicCache } from "../http/public-cache.ts";
import { reportArticle } from "../storage/article-reports.ts";
import { type FeedPage, type FeedScope, getVisibleArticle, listFeed, outletExists } from "../storage/articles.ts";
import { getEventDetail } from "../storage/event-detail.ts";
import { listCurrentEvents } from "../storage/events.ts";
import { relatedStories } from "../storage/related.ts";
import { searchArticles } from "../storage/search.ts";

export const articleRoutes = new Hono<ApiEnv>();
// A D1 failure answers 503 + Retry-After with spec §8's message for the route (http/unavailable.ts);
// each line below only sets that message and hands on to the route itself. "/:id" comes first: the
// later, more specific "/events" line overrides it for that path.
articleRoutes.get("/:id", failureMessage(ARTICLE_MESSAGES.articleLoadFailed));
articleRoutes.get("/:id/related", failureMessage(ARTICLE_MESSAGES.articleLoadFailed));
articleRoutes.get("/", failureMessage(ARTICLE_MESSAGES.loadFailed));
articleRoutes.get("/category/:category", failureMessage(ARTICLE_MESSAGES.loadFailed));
articleRoutes.get("/source/:domain", failureMessage(ARTICLE_MESSAGES.loadFailed));
articleRoutes.get("/events", failureMessage(ARTICLE_MESSAGES.loadFailed));
articleRoutes.get("/events/:id", failureMessage(EVENT_MESSAGES.loadFailed));
articleRoutes.get("/search/*", failureMessage(ARTICLE_MESSAGES.searchFailed));
articleRoutes.post("/:id/report", failureMessage(ARTICLE_MESSAGES.reportFailed));

/** Spec §9: article data is fresh for 30 s; a shared cache may serve it stale for a minute more. */
const cached = publicCache({ sMaxAgeSeconds: 30, staleWhileRevalidateSeconds: 60 });

function feedAnswer(c: Context<ApiEnv>, page: FeedPage, query: FeedQuery) {
  return c.json<FeedResponse>({
    success: true,
    data: page.articles,
    pagination: { page: query.page, limit: query.limit, hasNext: page.hasNext },
  });
}

async function feed(c: Context<ApiEnv>, scope: FeedScope, query: FeedQuery) {
  return feedAnswer(c, await listFeed(createDb(c.env.DB), scope, query), query);
}

const feedQuery = validate("query", FeedQuerySchema);

articleRoutes.get("/", cached, feedQuery, (c) => feed(c, null, c.req.valid("query")));

articleRoutes.get("/category/:category", cached, feedQuery, (c) => {
  const slug = c.req.param("category");
  if (!isCategorySlug(slug)) throw notFound(`Unknown category: ${slug}`);
  // "latest" is the all-categories feed.
  return feed(c, isArticleCategory(slug) ? slug : null, c.req.valid("query"));
});

// One outlet's articles (/source/{domain}), as a category's; an outlet with no visible article is
// unknown. Any spelling of its domain is read as its one written form (outletDomain).
articleRoutes.get("/source/:domain", cached, feedQuery, async (c) => {
  const domain = outletDomain(c.req.param("domain"));
  const unknown = () => notFound(`Unknown outlet: ${c.req.param("domain")}`);
  if (domain === null) throw unknown();
  const query = c.req.valid("query");
  const db = createDb(c.env.DB);
  const page = await listFeed(db, { outlet: domain }, query);
  if (page.articles.length === 0 && query.page === 1 && !(await outletExists(db, domain))) throw unknown();
  return feedAnswer(c, page, query);
});

// Spec §7 shows the events response as a bare array.
articleRoutes.get("/events", cached, async (c) => c.json(await listCurrentEvents(createDb(c.env.DB))));

// One event, its articles grouped by outlet (ADR 018); enveloped, unlike the spec's list above.
articleRoutes.get("/events/:id", cached, async (c) => {
  const event = await getEventDetail(createDb(c.env.DB), c.req.param("id"));
  if (!event) throw notFound(EVENT_MESSAGES.notFound);
  return ok(c, event);
});

articleRoutes.get("/search", () => {
  throw badRequest("Search query is required");
});

articleRoutes.get("/search/:query{.+}", cached, validate("query", SearchQuerySchema), async (c) => {
  const text = c.req.param("query").trim();
  if (!text) throw badRequest("Search query is required");
  if (text.length > 200) throw badRequest("Search query must be 200 characters or fewer");
  const { page, limit } = c.req.valid("query");
  // Counted only when the cache misses: each miss runs full-text queries in D1.
  await consume(createDb(c.env.DB), `search:${clientAddress(c.req.raw)}`, RATE_LIMITS.search);
  // Server-Timing lets the benchmark tell D1's share of a search from the worker's.
  const started = performance.now();
  const { results, totalResults, totalCapped } = await searchArticles(createDb(c.env.DB), text, page, limit);
  c.header("Server-Timing", `db;dur=${(performance.now() - started).toFixed(1)}`);
  const totalPages = Math.ceil(totalResults / limit);
  return c.json<SearchResponse>({
    success: true,
    data: results,
    pagination: { page, limit, totalResults, totalPages, totalCapped, hasNext: page < totalPages },
  });
});

// What the article page shows beside the story (RelatedStories); 404 as the article's own.
articleRoutes.get("/:id/related", cached, async (c) => {
  const related = await relatedStories(createDb(c.env.DB), c.req.param("id"));
  if (!related) throw notFound("Article not found");
  return ok(c, related);
});

articleRoutes.get("/:id", cached, async (c) => {
  const article = await getVisibleArticle(createDb(c.env.DB), c.req.param("id"));
  if (!article) throw notFound("Article not found");
  return ok(c, article);
});

articleRoutes.post("/:id/report", requireAuth(), validate("json", ReportSchema), async (c) => {
  const { reason } = c.req.valid("json");
  const articleId = c.req.param("id");
  const db = createDb(c.env.DB);
  const principal = c.get("principal");
  if (!(await getVisibleArticle(db, articleId))) throw notFound("Article not found");
  await consume(db, userLimitKey("report", principal.userId), RATE_LIMITS.reports);
  await reportArticle(db, { articleId, reporterId: principal.userId, reason });
  return ok(c, { reported: true }, 201);
});
