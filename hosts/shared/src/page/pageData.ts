// One SWR cache for the page, shared by the shell's roots and every remote's root (separate React
// roots, docs/decisions/016-fragments.md), and seeded from the data a server-rendered fragment
// carries inline (<script type="application/json" data-page-data>): the hooks then find the page
// loaded — the same markup as the server's, no second request for it, nothing that moves.
import { createElement, type ReactNode } from "react";
import { type Middleware, SWRConfig, type SWRConfiguration, unstable_serialize } from "swr";

/** The attribute of the inline data blocks (one per fragment) that seed the page's cache. */
export const PAGE_DATA_ATTRIBUTE = "data-page-data";

/** Spec §9 "Article cache stale 30 s": as fresh as an answer the reader fetched itself. */
const SEEDED_FRESH_MS = 30_000;

/** An SWR cache entry that reads as loaded (a bare `{data}` still counts as a request in flight). */
const loaded = (value: unknown) => ({ data: value, isLoading: false, isValidating: false });

/** The page's cache: every root's SWRConfig hands SWR this one Map. */
const pageCache = new Map<string, unknown>();
/** Keys seeded from a fragment, and when: a hook mounting on one soon after does not ask again. */
const seededAt = new Map<string, number>();

/** The inline data blocks of a document, merged (key → value); null when there is none. */
export function readPageData(doc: Document = document): Record<string, unknown> | null {
  const blocks = doc.querySelectorAll(`script[${PAGE_DATA_ATTRIBUTE}]`);
  if (blocks.length === 0) return null;
  const merged: Record<string, unknown> = {};
  for (const block of blocks) {
    try {
      const parsed: unknown = JSON.parse(block.textContent ?? "");
      if (parsed !== null && typeof parsed === "object") Object.assign(merged, parsed);
    } catch {
      // A block that cannot be read seeds nothing: the hooks fetch as usual.
    }
  }
  return merged;
}

/** Puts a fragment's data into the page's cache as loaded entries. */
export function seedPageCache(data: Record<string, unknown>, now = Date.now()): void {
  for (const [key, value] of Object.entries(data)) {
    pageCache.set(key, loaded(value));
    seededAt.set(key, now);
  }
}

/** Seeded keys a view has shown already. */
const shownSeeds = new Set<string>();

/**
 * True when `key`'s data came with the page (its first HTML), whatever its age, and no view has shown
 * it yet (noteSeedShown): only the first showing keeps the first HTML's data as it is.
 */
export function isFirstShowingOfSeed(key: string): boolean {
  return seededAt.has(key) && !shownSeeds.has(key);
}

/** A view has shown `key`: from now on it is data like any other. */
export function noteSeedShown(key: string): void {
  shownSeeds.add(key);
}

/** SWR cache entries that read as loaded, for a cache of one's own (the server's per-request cache). */
export function seededCache(data: Record<string, unknown>): Map<string, unknown> {
  return new Map(Object.entries(data).map(([key, value]) => [key, loaded(value)]));
}

/**
 * A hook mounting on a seeded key within the freshness window does not ask again on mount: the data
 * was read a moment ago from the same cached answer. Every other key revalidates as usual.
 */
export function skipFreshRevalidation(seeded: Map<string, number>, now = Date.now): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const at = seeded.get(unstable_serialize(key));
    const fresh = at !== undefined && now() - at < SEEDED_FRESH_MS;
    return useSWRNext(key, fetcher, fresh ? { ...config, revalidateOnMount: false } : config);
  };
}

// SWR's own cache type is not exported; a Map of state objects is what it holds.
type Provider = NonNullable<SWRConfiguration["provider"]>;

/**
 * The SWR configuration of a root: the page's one cache in the browser; on the server, `data` (the
 * fragment's own answers) in a cache of the request's own.
 */
export function PageSWRConfig({ children, data }: { children: ReactNode; data?: Record<string, unknown> }) {
  const value: SWRConfiguration = data
    ? {
        provider: (() => seededCache(data)) as unknown as Provider,
        use: [skipFreshRevalidation(new Map(Object.keys(data).map((key) => [key, Date.now()])))],
      }
    : { provider: (() => pageCache) as unknown as Provider, use: [skipFreshRevalidation(seededAt)] };
  return createElement(SWRConfig, { value }, children);
}

/** Tests only: an empty page cache. */
export function resetPageCacheForTests(): void {
  pageCache.clear();
  seededAt.clear();
  shownSeeds.clear();
}
