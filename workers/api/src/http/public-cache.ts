// Caching for anonymous public reads (feed, category, article, events, search):
// - Cache-Control with s-maxage and stale-while-revalidate, and an ETag; a matching If-None-Match
//   gets a 304 without touching the feed queries;
// - the worker's edge cache (Cache API), fronted by a small in-isolate tier for the hottest keys,
//   both keyed on the URL plus the content version, so ingestion, hides and regenerations (which
//   bump the version) are visible within a second (the version is re-read at most once a second);
// - a time bucket in the key and the ETag, so time-windowed feeds (period=1h…) refresh at least
//   every s-maxage seconds even when nothing is bumped;
// - one computation per key at a time in an isolate (see sharedResponse).
// Signed-in readers get the same public data (these responses carry nothing about the reader: their
// votes come from the votes API), taken from the same tiers, but their responses are never shared:
// Cache-Control: private, no-store and no ETag. A route that adds per-reader fields must not use this.

import { createDb } from "@unbiased/worker-shared/db/client";
import { recentContentVersion } from "@unbiased/worker-shared/db/content-version";
import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../env.ts";
import { MemoryResponseCache } from "./memory-cache.ts";

export interface PublicCacheOptions {
  sMaxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
}

/** Enough for every feed's first pages and the events strip; bounded so an isolate stays small. */
const memoryTier = new MemoryResponseCache({ maxEntries: 256, maxBytes: 8 * 1024 * 1024 });
/** How long a request waits for another one computing the same key before computing it itself. */
const LEADER_WAIT_MS = 2_000;
/** Keys being computed right now: a promise settled when the answer is in memoryTier, and since when. */
const inFlight = new Map<string, { done: Promise<void>; startedAt: number }>();
/** Drops the per-request headers (X-Cache, Server-Timing) that a stored copy must not replay. */
function withoutPerRequestHeaders(response: Response): Response {
  for (const name of ["X-Cache", "Server-Timing"]) response.headers.delete(name);
  return response;
}

const etagMatches = (header: string | undefined, etag: string) =>
  !!header && header.split(",").some((t) => t.trim() === etag || t.trim() === "*");

export const publicCache = ({ sMaxAgeSeconds, staleWhileRevalidateSeconds }: PublicCacheOptions) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    // HEAD is answered by the GET route (Hono drops the body), so it takes the same path.
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const signedIn = Boolean(c.req.header("Authorization"));
    const version = await recentContentVersion(createDb(c.env.DB));
    const bucket = Math.floor(Date.now() / (sMaxAgeSeconds * 1000));
    const etag = `W/"v${version}.${bucket}"`;
    const cacheControl = `public, max-age=0, s-maxage=${sMaxAgeSeconds}, stale-while-revalidate=${staleWhileRevalidateSeconds}`;
    const headers = { ETag: etag, "Cache-Control": cacheControl, Vary: "Authorization" };
    if (!signedIn && etagMatches(c.req.header("If-None-Match"), etag)) return c.body(null, 304, headers);

    const key = new URL(c.req.url);
    key.searchParams.set("__cv", `${version}.${bucket}`);
    const shared = await sharedResponse(key.href, async () => {
      const cache = caches.default;
      const hit = await cache.match(key.href);
      if (hit) {
        const response = new Response(hit.body, hit);
        for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
        response.headers.set("X-Cache", "HIT");
        return response;
      }
      await next();
      if (c.res.status !== 200) return c.res;
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
      // The stored copy says max-age so the Cache API keeps it for the bucket's life.
      const stored = withoutPerRequestHeaders(new Response(c.res.clone().body, c.res));
      stored.headers.set("Cache-Control", `public, max-age=${sMaxAgeSeconds}`);
      c.executionCtx.waitUntil(cache.put(key.href, stored));
      return c.res;
    });
    // In place: when the handler ran, `shared` is c.res, which Hono keeps over any returned Response.
    // (The tiers took their copies before this.)
    if (signedIn) {
      shared.headers.set("Cache-Control", "private, no-store");
      shared.headers.delete("ETag");
    }
    return shared;
  });

/**
 * The response for a cache key: from memoryTier, else from `compute` (remembered in memoryTier when
 * it is a 200). One computation per key at a time: requests that arrive while one runs wait for its
 * answer instead of all running the same queries (a cache stampede when a key expires).
 */
async function sharedResponse(key: string, compute: () => Promise<Response>): Promise<Response> {
  const fromMemory = () => {
    const response = memoryTier.match(key);
    response?.headers.set("X-Cache", "HIT");
    return response;
  };
  const inMemory = fromMemory();
  if (inMemory) return inMemory;
  const running = inFlight.get(key);
  // An entry older than the wait is abandoned (its request was cancelled before its `finally`):
  // this request takes the key over rather than every later one waiting in vain.
  const leader = running && Date.now() - running.startedAt < LEADER_WAIT_MS ? running.done : undefined;
  if (leader) {
    // Bounded: should the first request be cancelled mid-way, the others still answer.
    await Promise.race([leader, scheduler.wait(LEADER_WAIT_MS)]);
    const computedByLeader = fromMemory();
    if (computedByLeader) return computedByLeader;
    // The first request did not produce a cacheable answer (an error): answer this one ourselves.
  }
  let finished!: () => void;
  const mine = leader ? null : { done: new Promise<void>((resolve) => (finished = resolve)), startedAt: Date.now() };
  if (mine) inFlight.set(key, mine);
  try {
    const response = await compute();
    if (response.status === 200) await memoryTier.put(key, withoutPerRequestHeaders(response.clone()));
    return response;
  } finally {
    if (mine) {
      if (inFlight.get(key) === mine) inFlight.delete(key);
      finished();
    }
  }
}
