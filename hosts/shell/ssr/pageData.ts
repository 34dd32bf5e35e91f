// Which API answers the first HTML of a page needs, under the SWR keys the reader's hooks read them
// by. Built from the reader's own key and URL functions, so the gateway never spells a key itself.
import { matchPath } from "react-router-dom";
import { findCategory } from "@unbiased/web-shared";
import { DEFAULT_PERIOD, DEFAULT_SORT, feedPagesKey, feedUrl } from "../../../remotes/reader/src/cache/feedQuery.ts";
import { parsePage, searchUrl } from "../../../remotes/reader/src/search/searchQuery.ts";

/** How an answer becomes the SWR entry: a feed keeps a list of pages, an article its `data`. */
export type DataShape = "pages" | "data" | "body";

export interface DataRequest {
  key: string;
  /** The gateway's own API path to ask. */
  path: string;
  shape: DataShape;
}

const EVENTS: DataRequest = { key: "/api/articles/events", path: "/api/articles/events", shape: "body" };

/** The pages rendered on the server; each names the assets its first screen needs (first-html-assets.json). */
export type PageKind = "feed" | "article" | "search";

export interface PagePlan {
  kind: PageKind;
  requests: DataRequest[];
}

/** null: the page is not rendered on the server (sign-in, profile, static pages, unknown paths). */
export function pageDataRequests(url: string): PagePlan | null {
  const { pathname, searchParams } = new URL(url, "http://x");
  const match = (pattern: string) => matchPath(pattern, pathname);

  if (match("/") || match("/news")) return { kind: "feed", requests: [feedRequest("latest"), EVENTS] };
  const category = match("/category/:category") ?? match("/news/category/:category");
  if (category) {
    const found = findCategory(category.params.category ?? "");
    return found ? { kind: "feed", requests: [feedRequest(found.slug), EVENTS] } : null;
  }
  const article = match("/article/:slug/:id") ?? match("/news/article/:slug/:id") ?? match("/article/:id");
  if (article?.params.id) {
    const path = `/api/articles/${encodeURIComponent(article.params.id)}`;
    return { kind: "article", requests: [{ key: path, path, shape: "data" }] };
  }
  if (match("/search") || match("/news/search")) {
    const query = (searchParams.get("q") ?? "").trim();
    if (!query) return { kind: "search", requests: [] };
    const path = searchUrl(query, parsePage(searchParams.get("page")));
    return { kind: "search", requests: [{ key: path, path, shape: "body" }] };
  }
  return null;
}

/** A feed as a first-time visitor sees it: the default sort and period, page 1. */
function feedRequest(category: Parameters<typeof feedUrl>[0]["category"]): DataRequest {
  const selection = { category, sort: DEFAULT_SORT, period: DEFAULT_PERIOD };
  return { key: feedPagesKey(selection), path: feedUrl({ ...selection, page: 1 }), shape: "pages" };
}
