// The search page's address and the API call behind it (spec §2 Search page, §7, §9 page size 20).
export const SEARCH_PAGE_SIZE = 20;

/** The `page` query parameter as a page number; anything else is page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function searchUrl(query: string, page: number): string {
  return `/api/articles/search/${encodeURIComponent(query)}?page=${page}&limit=${SEARCH_PAGE_SIZE}`;
}

/** The page's own query string: page 1 is left out, so /search?q=heat is the first page. */
export function searchParams(query: string, page: number): Record<string, string> {
  return page > 1 ? { q: query, page: String(page) } : { q: query };
}

/**
 * "1 result for “heat”", "1,234 results for “heat”"; "500+ results for “heat”" when more matched
 * than the server ranks (SEARCH_MATCHES_MAX: the newest of them are shown).
 */
export function resultCountLine(total: number, query: string, capped = false): string {
  return `${total.toLocaleString("en")}${capped ? "+" : ""} ${total === 1 && !capped ? "result" : "results"} for “${query}”`;
}
