import { ApiRequestError, apiFetch, useSWR } from "@unbiased/web-shared";
import type { SearchResponse } from "@unbiased/worker-shared/contracts/articles";
import { ARTICLE_CACHE } from "../cache/articleCache.ts";
import { recordLoadedArticles } from "../cache/loadedArticles.ts";
import { searchUrl } from "./searchQuery.ts";

/** Spec §8: 'Failed to search articles', unless the server said what was wrong with the query. */
export class SearchError extends Error {}

async function fetchSearch(url: string): Promise<SearchResponse> {
  let response: SearchResponse;
  try {
    response = await apiFetch<SearchResponse>(url);
  } catch (error) {
    const refused = error instanceof ApiRequestError && error.status === 400;
    throw new SearchError(refused ? error.message : "Failed to search articles");
  }
  recordLoadedArticles(response.data);
  return response;
}

/** One page of results for a non-empty query. */
export function useSearch(query: string, page: number) {
  return useSWR(searchUrl(query, page), fetchSearch, ARTICLE_CACHE);
}
