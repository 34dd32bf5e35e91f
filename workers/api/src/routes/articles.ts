// Articles API (spec §7). The reading issue completes it: popularity, single article, events, search, reports.
import { Hono, type Context } from "hono";
import { ARTICLE_CATEGORIES, CATEGORY_SLUGS, FeedQuerySchema, type ArticleCategory, type FeedResponse } from "@unbiased/worker-shared/contracts/articles";
import { badRequest, notFound } from "@unbiased/worker-shared/http/errors";
import { readQuery } from "@unbiased/worker-shared/http/validate";
import { createDb } from "@unbiased/worker-shared/db/client";
import { listFeed } from "../storage/articles.ts";
import type { ApiEnv } from "../index.ts";

export const articleRoutes = new Hono<ApiEnv>();

async function feed(c: Context<ApiEnv>, category: ArticleCategory | null) {
  const query = readQuery(c, FeedQuerySchema);
  if (query.sort === "popularity") throw badRequest("sort=popularity is not available yet");
  const page = await listFeed(createDb(c.env.DB), category, query);
  return c.json<FeedResponse>({
    success: true,
    data: page.articles,
    pagination: { page: query.page, limit: query.limit, hasNext: page.hasNext },
  });
}

articleRoutes.get("/", (c) => feed(c, null));

articleRoutes.get("/category/:category", (c) => {
  const slug = c.req.param("category");
  if (!(CATEGORY_SLUGS as readonly string[]).includes(slug)) throw notFound(`Unknown category: ${slug}`);
  return feed(c, (ARTICLE_CATEGORIES as readonly string[]).includes(slug) ? (slug as ArticleCategory) : null);
});
