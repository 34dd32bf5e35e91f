// The product's images (spec §2: pictures come from publishers and a stock service):
// - GET /api/images/category/{category}.svg: the generated per-category image (images/category-image.ts);
// - GET /api/images/article/{id}?v=…: an article's stored picture, proxied (contracts/images.ts says
//   why). The ingest worker fetches it behind the outbound guard; the answer is kept in the edge
//   cache under its one address, so a publisher is asked once per picture and place. Before anything
//   else the article is read: a hidden one is a 404, whatever the cache still holds; a `v` other than
//   the stored picture's is sent to the current address, so no caller can mint new cache entries (and
//   new downloads from the publisher) by varying it. Misses are limited per client address.

import { isArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import { type ArticleImageOutcome, servedImageUrl } from "@unbiased/worker-shared/contracts/images";
import { createDb } from "@unbiased/worker-shared/db/client";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { clientAddress } from "@unbiased/worker-shared/limits/client-address";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { consume } from "@unbiased/worker-shared/limits/rate-limit";
import { type Context, Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import { categoryImageSvg } from "../images/category-image.ts";
import { sharedOutcome } from "../images/shared-outcome.ts";
import { ingestService } from "../services.ts";
import { findArticlePicture } from "../storage/articles.ts";

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

/** Where an out-of-date or made-up `v` is sent: the picture's current address, for a minute. */
const REDIRECT_CACHE = "public, max-age=60";

imageRoutes.get("/article/:id", async (c) => {
  const id = c.req.param("id");
  const db = createDb(c.env.DB);
  const stored = await findArticlePicture(db, id);
  if (stored?.status !== "visible") throw notFound(`Unknown article: ${id}`);
  const address = servedImageUrl(id, stored.thumbnailUrl);
  // No publisher's picture stored: nothing is fetched or cached (the category's picture is answered).
  if (!address?.startsWith("/api/images/article/")) return toResponse(await ingestService(c.env).articleImage(id), c);
  const canonical = new URL(address, c.req.url);
  if (c.req.query("v") !== canonical.searchParams.get("v")) {
    return c.body(null, 302, { Location: canonical.pathname + canonical.search, "Cache-Control": REDIRECT_CACHE });
  }
  const cache = caches.default;
  const hit = await cache.match(canonical.href);
  if (hit) return hit;
  const outcome = await sharedOutcome(canonical.href, async () => {
    await consume(db, `image-miss:${clientAddress(c.req.raw)}`, RATE_LIMITS.imageMisses);
    return ingestService(c.env).articleImage(id);
  });
  const response = toResponse(outcome, c);
  if (response.status === 200 && outcome.kind === "image")
    c.executionCtx.waitUntil(cache.put(canonical.href, response.clone()));
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
