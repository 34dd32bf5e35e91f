// The data the gateway rendered the first HTML from (docs/decisions/013-first-html.md), inline in
// the page as JSON. It fills the SWR cache before the app first renders, so the hooks find the page
// loaded — the same markup as the server's, no second request for it, nothing that moves.
import { type Middleware, type SWRConfiguration, serializeKey } from "@unbiased/web-shared";

/** The id of the inline <script type="application/json"> (workers/api/src/first-html/inject.ts). */
export const FIRST_PAGE_DATA_ID = "first-page-data";

/** Spec §9 "Article cache stale 30 s": as fresh as an answer the reader fetched itself. */
const SEEDED_FRESH_MS = 30_000;

/** The inline data as SWR keys and values, or null when the page came without first HTML. */
export function readFirstPageData(doc: Document = document): Record<string, unknown> | null {
  const element = doc.getElementById(FIRST_PAGE_DATA_ID);
  if (!element?.textContent) return null;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    return parsed !== null && typeof parsed === "object" ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** SWR cache entries that read as loaded (a bare `{data}` still counts as a request in flight). */
export function seededCache(data: Record<string, unknown>): Map<string, unknown> {
  return new Map(
    Object.entries(data).map(([key, value]) => [key, { data: value, isLoading: false, isValidating: false }]),
  );
}

/**
 * A hook mounting on a seeded key within the freshness window does not ask again on mount: the data
 * was read a moment ago from the same cached answer. Every other key revalidates as usual.
 */
export function skipFreshRevalidation(keys: Iterable<string>, now = Date.now): Middleware {
  const seeded = new Set(keys);
  const seededAt = now();
  return (useSWRNext) => (key, fetcher, config) => {
    const fresh = seeded.has(serializeKey(key)) && now() - seededAt < SEEDED_FRESH_MS;
    return useSWRNext(key, fetcher, fresh ? { ...config, revalidateOnMount: false } : config);
  };
}

/** The SWR configuration of a page that came with first HTML (server and browser alike). */
export function firstPageSWRConfig(data: Record<string, unknown>): SWRConfiguration {
  // SWR's own cache type is not exported through web-shared; a Map of state objects is what it holds.
  const provider = (() => seededCache(data)) as unknown as NonNullable<SWRConfiguration["provider"]>;
  return { provider, use: [skipFreshRevalidation(Object.keys(data))] };
}
