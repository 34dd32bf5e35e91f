import { serviceUrl, useSWR } from "@unbiased/web-shared";
import type { NewsEvent } from "@unbiased/worker-shared/contracts/articles";
import { ARTICLE_CACHE } from "../cache/articleCache.ts";

const EVENTS_PATH = "/api/articles/events";
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * GET /api/articles/events answers a bare array (spec §7), not the success envelope apiFetch
 * expects, so it is fetched directly (anonymously: events are the same for everyone).
 */
async function fetchEvents(path: string): Promise<NewsEvent[]> {
  const response = await fetch(serviceUrl(path), {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Events request failed (HTTP ${response.status})`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error("Events response is not a list");
  return body as NewsEvent[];
}

export function useEvents() {
  return useSWR(EVENTS_PATH, fetchEvents, ARTICLE_CACHE);
}
