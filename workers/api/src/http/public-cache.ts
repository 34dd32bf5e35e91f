// Caching for anonymous public reads (feed, category, article, events, search):
// - Cache-Control with s-maxage and stale-while-revalidate, and an ETag; a matching If-None-Match
//   gets a 304 without touching the feed queries;
// - the worker's edge cache (Cache API), fronted by a small in-isolate tier for the hottest keys,
//   both keyed on the URL plus the content version, so ingestion, hides and regenerations (which
//   bump the version) are visible within a second (the version is re-read at most once a second);
// - a time bucket in the key and the ETag, so time-windowed feeds (period=1h…) refresh at least
//   every s-maxage seconds even when nothing is bumped.
// Requests with credentials are never cached or shared: Cache-Control: private, no-store.
import { createMiddleware } from "hono/factory";
import { createDb } from "@unbiased/worker-shared/db/client";
import { recentContentVersion } from "@unbiased/worker-shared/db/content-version";
import type { ApiEnv } from "../index.ts";
import { MemoryResponseCache } from "./memory-cache.ts";

export interface PublicCacheOptions {
  sMaxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
}

/** Enough for every feed's first pages and the events strip; bounded so an isolate stays small. */
const memoryTier = new MemoryResponseCache({ maxEntries: 256, maxBytes: 8 * 1024 * 1024 });

const etagMatches = (header: string | undefined, etag: string) => !!header && header.split(",").some((t) => t.trim() === etag || t.trim() === "*");

export const publicCache = ({ sMaxAgeSeconds, staleWhileRevalidateSeconds }: PublicCacheOptions) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    if (c.req.method !== "GET") return next();
    if (c.req.header("Authorization")) {
      await next();
      c.res.headers.set("Cache-Control", "private, no-store");
      return;
    }
    const version = await recentContentVersion(createDb(c.env.DB));
    const bucket = Math.floor(Date.now() / (sMaxAgeSeconds * 1000));
    const etag = `W/"v${version}.${bucket}"`;
    const cacheControl = `public, max-age=0, s-maxage=${sMaxAgeSeconds}, stale-while-revalidate=${staleWhileRevalidateSeconds}`;
    const headers = { ETag: etag, "Cache-Control": cacheControl, Vary: "Authorization" };
    if (etagMatches(c.req.header("If-None-Match"), etag)) return c.body(null, 304, headers);

    const key = new URL(c.req.url);
    key.searchParams.set("__cv", `${version}.${bucket}`);
    const inMemory = memoryTier.match(key.href);
    if (inMemory) {
      inMemory.headers.set("X-Cache", "HIT");
      return inMemory;
    }
    const cache = caches.default;
    const hit = await cache.match(key.href);
    if (hit) {
      const response = new Response(hit.body, hit);
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
      response.headers.set("X-Cache", "HIT");
      c.executionCtx.waitUntil(memoryTier.put(key.href, response.clone()));
      return response;
    }
    await next();
    if (c.res.status !== 200) return;
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    // The stored copy says max-age so the Cache API keeps it for the bucket's life.
    const stored = new Response(c.res.clone().body, c.res);
    stored.headers.set("Cache-Control", `public, max-age=${sMaxAgeSeconds}`);
    c.executionCtx.waitUntil(Promise.all([cache.put(key.href, stored), memoryTier.put(key.href, c.res.clone())]));
  });
