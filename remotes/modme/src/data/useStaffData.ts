// One hook for every ModMe read: SWR with the staff defaults (staffFetching.ts).
import { useSWR, useSWRConfig } from "@unbiased/web-shared";
import { STAFF_SWR, useCacheExpiry } from "./staffFetching.ts";

/**
 * `keepPrevious`: while a new key (another page, another search) loads, the last answer stays on
 * screen instead of a loading state.
 */
export function useStaffData<T>(key: string | null, fetcher: () => Promise<T>, { keepPrevious = false } = {}) {
  const result = useSWR<T>(key, fetcher, { ...STAFF_SWR, keepPreviousData: keepPrevious });
  useCacheExpiry(key, result.mutate);
  return result;
}

/**
 * After a change shown in every cached ModMe read whose key starts with `prefix`: the reads on screen
 * ask again at once, and the others are dropped from the cache, so they ask again when next shown
 * (a bare revalidation would only reach the mounted ones).
 */
export function useRevalidateStaffData(prefix: string) {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === "string" && key.startsWith(prefix), undefined, { revalidate: true });
}
