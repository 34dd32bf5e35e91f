// The product's images (spec §2: pictures come from publishers and a stock service):
// - GET /api/images/category/{category}.svg: the generated per-category image (images/category-image.ts);
// - GET /api/images/article/{id}?v=…: an article's stored picture, proxied (contracts/images.ts says
//   why). The ingest worker fetches it behind the outbound guard; the answer is kept in the edge
//   cache under its versioned address, so a publisher is asked once per picture and place.

import { isArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import type { ArticleImageOutcome } from "@unbiased/worker-shared/contracts/images";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { type Context, Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import { categoryImageSvg } from "../images/category-image.ts";

export const imageRoutes = new Hono<ApiEnv>();

/** A picture's address names its content (`v`), so browsers and the edge may keep it for a week. */
const PICTURE_CACHE = "public, max-age=604800, stale-while-revalidate=86400";
/** A fallback stands in for a picture that may come back (a publisher's outage): asked again soon. */
const FALLBACK_CACHE = "public, max-age=300";

/**
 * Served from the product's origin, a proxied file must never run as a page: nosniff keeps it the type
 * it was checked to be, and the sandboxing CSP disarms it even if opened directly.
 */
const PASSIVE_FILE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  "Cross-Origin-Resource-Policy": "same-origin",
};

const svgResponse = (svg: string, cacheControl: string) =>
  new Response(svg, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": cacheControl, ...PASSIVE_FILE_HEADERS },
  });

imageRoutes.get("/category/:file{[a-z]+\\.svg}", (c) => {
  const category = c.req.param("file").replace(/\.svg$/, "");
  if (!isArticleCategory(category)) throw notFound(`Unknown category: ${category}`);
  return svgResponse(categoryImageSvg(category), "public, max-age=86400, stale-while-revalidate=604800");
});

imageRoutes.get("/article/:id", async (c) => {
  const cache = caches.default;
  const hit = await cache.match(c.req.url);
  if (hit) return hit;
  const response = toResponse(await c.env.INGEST.articleImage(c.req.param("id")), c);
  if (response.status === 200) c.executionCtx.waitUntil(cache.put(c.req.url, response.clone()));
  return response;
});

function toResponse(outcome: ArticleImageOutcome, c: Context<ApiEnv>): Response {
  switch (outcome.kind) {
    case "not-found":
      throw notFound(`Unknown article: ${c.req.param("id")}`);
    case "fallback":
      return svgResponse(categoryImageSvg(outcome.category), FALLBACK_CACHE);
    case "image":
      return new Response(outcome.bytes, {
        headers: { "Content-Type": outcome.contentType, "Cache-Control": PICTURE_CACHE, ...PASSIVE_FILE_HEADERS },
      });
  }
}
