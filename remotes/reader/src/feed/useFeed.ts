import useSWR from "swr";
import type { FeedResponse } from "@unbiased/worker-shared/contracts/articles";
import { apiFetch } from "@unbiased/web-shared";
import { feedUrl, type FeedQuery } from "./feedQuery.ts";

const fetchFeed = (url: string) => apiFetch<FeedResponse>(url);

/** One page of a feed. Failures wait for the reader's Retry rather than retrying on their own. */
export function useFeed(query: FeedQuery) {
  return useSWR(feedUrl(query), fetchFeed, { shouldRetryOnError: false });
}
