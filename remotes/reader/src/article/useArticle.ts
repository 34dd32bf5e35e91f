import { apiFetch, useSWR } from "@unbiased/web-shared";
import type { Article } from "@unbiased/worker-shared/contracts/articles";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";
import { ARTICLE_CACHE } from "../cache/articleCache.ts";
import { recordLoadedArticles } from "../cache/loadedArticles.ts";

async function fetchArticle(path: string): Promise<Article> {
  const { data } = await apiFetch<ApiSuccess<Article>>(path);
  recordLoadedArticles([data]);
  return data;
}

/** GET /api/articles/{id}; a 404 surfaces as an ApiRequestError with status 404. */
export function useArticle(id: string) {
  return useSWR(`/api/articles/${encodeURIComponent(id)}`, fetchArticle, ARTICLE_CACHE);
}
