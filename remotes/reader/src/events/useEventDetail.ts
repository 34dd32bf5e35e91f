import { apiFetch, useSWR } from "@unbiased/web-shared";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";
import type { EventDetail } from "@unbiased/worker-shared/contracts/events";
import { ARTICLE_CACHE } from "../cache/articleCache.ts";

/** The API path, which is also the SWR key the server's plan seeds (server/pageData.ts). */
export const eventDetailUrl = (id: string) => `/api/articles/events/${encodeURIComponent(id)}`;

async function fetchEvent(path: string): Promise<EventDetail> {
  const { data } = await apiFetch<ApiSuccess<EventDetail>>(path);
  return data;
}

/** GET /api/articles/events/{id}; a 404 surfaces as an ApiRequestError with status 404. */
export function useEventDetail(id: string) {
  return useSWR(eventDetailUrl(id), fetchEvent, ARTICLE_CACHE);
}
