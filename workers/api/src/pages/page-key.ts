// Which address a public page is cached under (docs/decisions/020-pages-at-the-edge.md): its path and
// the query parameters its page reads (READER_PAGES' `query`), nothing else — a tracking parameter or
// a made-up one must not make a new cache entry, nor a new render. A request whose page parameters are
// not already in their one written form (page=01, page=9 past the last, q with spaces around it) is
// rendered as asked and not cached: the browser reads the address it has, and the server's markup
// must be the markup of that address.
import { matchReaderPage, READER_PAGES } from "@unbiased/worker-shared/contracts/page";

/** A text parameter longer than this is no one's real search: rendered, never cached. */
const MAX_TEXT_LENGTH = 200;

/** `value` in its one written form for a rule of the page table, or null when it has none. */
function normalised(value: string, rule: number | "text"): string | null {
  if (rule === "text") {
    const text = value.trim().replace(/\s+/g, " ");
    return text.length > 0 && text.length <= MAX_TEXT_LENGTH ? text : null;
  }
  if (!/^[1-9][0-9]*$/.test(value)) return null;
  const page = Number(value);
  return page <= rule ? String(page) : null;
}

export type PageKey =
  | { cacheable: true; path: string }
  | { cacheable: false; reason: "not a reader page" | "query not in its one form" };

/**
 * The page's cache address (path and its page parameters, sorted, page 1 left out) when the request
 * names the page in its one form; otherwise why it is not cached.
 */
export function pageKey(url: URL): PageKey {
  const match = matchReaderPage(url.pathname);
  if (!match) return { cacheable: false, reason: "not a reader page" };
  const rules: Readonly<Record<string, number | "text">> = READER_PAGES[match.page].query;
  const kept = new URLSearchParams();
  for (const name of Object.keys(rules).sort()) {
    const values = url.searchParams.getAll(name);
    if (values.length === 0) continue;
    const rule = rules[name] as number | "text";
    const value = normalised(values[0] ?? "", rule);
    if (values.length > 1 || value === null || value !== values[0]) {
      return { cacheable: false, reason: "query not in its one form" };
    }
    // The first page is the page without the parameter.
    if (rule !== "text" && value === "1") continue;
    kept.set(name, value);
  }
  const query = kept.toString();
  return { cacheable: true, path: query ? `${url.pathname}?${query}` : url.pathname };
}
