// Spec §9 "Data fetching defaults (staff pages)": retry once, delay doubling from 1 s capped at
// 30 s, fresh for 5 min, cache 10 min, no refetch on focus, mount or reconnect.

import type { SWRConfiguration } from "@unbiased/web-shared";
import { useEffect } from "react";

export const STAFF_RETRY_COUNT = 1;
export const STAFF_RETRY_BASE_MS = 1_000;
export const STAFF_RETRY_MAX_MS = 30_000;
export const STAFF_FRESH_MS = 5 * 60_000;
export const STAFF_CACHE_MS = 10 * 60_000;

/** Delay before retry number `attempt` (1-based): 1 s, 2 s, 4 s … never above 30 s. */
export const staffRetryDelay = (attempt: number) =>
  Math.min(STAFF_RETRY_MAX_MS, STAFF_RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));

/** When each key last got data, for the 10-minute cache rule. */
const fetchedAt = new Map<string, number>();

export const STAFF_SWR: SWRConfiguration = {
  dedupingInterval: STAFF_FRESH_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  // "No refetch on mount": cached data is shown as it is (within the cache time, see useCacheExpiry).
  revalidateIfStale: false,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    // A refusal (4xx) will not change by asking again; only failures of the network or server are retried.
    const status = (error as { status?: number }).status ?? 0;
    if (status >= 400 && status < 500) return;
    if (retryCount > STAFF_RETRY_COUNT) return;
    setTimeout(() => void revalidate({ retryCount }), staffRetryDelay(retryCount));
  },
  onSuccess: (_data, key) => {
    fetchedAt.set(key, Date.now());
  },
};

/**
 * The cache time: data older than 10 minutes is not shown again as if current; mounting a page
 * whose cached data is that old asks for it afresh.
 */
export function useCacheExpiry(key: string | null, revalidate: () => unknown, now: () => number = Date.now) {
  useEffect(() => {
    if (key === null) return;
    const at = fetchedAt.get(key);
    if (at !== undefined && now() - at > STAFF_CACHE_MS) void revalidate();
  }, [key, revalidate, now]);
}
