import { apiFetch, useSWR } from "@unbiased/web-shared";
import type { RelatedStories } from "@unbiased/worker-shared/contracts/articles";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";
import { ARTICLE_CACHE } from "../cache/articleCache.ts";

/** GET /api/articles/{id}/related: also the server render's key for it (server/pageData.ts). */
export const relatedStoriesUrl = (id: string) => `/api/articles/${encodeURIComponent(id)}/related`;

async function fetchRelated(path: string): Promise<RelatedStories> {
  return (await apiFetch<ApiSuccess<RelatedStories>>(path)).data;
}

/** What the article page shows beside the story; kept like the article itself. */
export function useRelatedStories(id: string) {
  return useSWR(relatedStoriesUrl(id), fetchRelated, ARTICLE_CACHE);
}
