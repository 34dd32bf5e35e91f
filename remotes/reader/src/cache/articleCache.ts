// How long article data is reused (spec §9 "Article cache stale 30 s, kept 60 s"): for 30 s after
// a fetch the cached copy is shown without asking again; a page nobody shows any more keeps its
// data for 60 s, so going back to it within a minute is instant, and after that it loads afresh.

import { type Middleware, type SWRConfiguration, useSWRConfig } from "@unbiased/web-shared";
import { useEffect } from "react";

export const ARTICLE_FRESH_MS = 30_000;
export const ARTICLE_KEEP_MS = 60_000;

const mountedUsers = new Map<string, number>();
const pendingEvictions = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * SWR keeps every response for the life of the page; this drops a key's data `keepMs` after the
 * last component using it unmounts, unless one mounts again first. Only string keys are used here.
 */
export function keepUnusedFor(keepMs: number): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const { cache } = useSWRConfig();
    const cacheKey = typeof key === "string" ? key : null;
    useEffect(() => {
      if (cacheKey === null) return;
      clearTimeout(pendingEvictions.get(cacheKey));
      pendingEvictions.delete(cacheKey);
      mountedUsers.set(cacheKey, (mountedUsers.get(cacheKey) ?? 0) + 1);
      return () => {
        const remaining = (mountedUsers.get(cacheKey) ?? 1) - 1;
        if (remaining > 0) {
          mountedUsers.set(cacheKey, remaining);
          return;
        }
        mountedUsers.delete(cacheKey);
        const eviction = setTimeout(() => {
          pendingEvictions.delete(cacheKey);
          cache.delete(cacheKey);
        }, keepMs);
        pendingEvictions.set(cacheKey, eviction);
      };
    }, [cacheKey, cache]);
    return useSWRNext(key, fetcher, config);
  };
}

/** For every article read: feeds, one article, events and search. */
export const ARTICLE_CACHE: SWRConfiguration = {
  dedupingInterval: ARTICLE_FRESH_MS,
  use: [keepUnusedFor(ARTICLE_KEEP_MS)],
  // A failure waits for the reader's Retry rather than retrying on its own.
  shouldRetryOnError: false,
};
