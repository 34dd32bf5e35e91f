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

/** Asks again for every cached ModMe read whose key starts with `prefix` (after a change shown in all of them). */
export function useRevalidateStaffData(prefix: string) {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === "string" && key.startsWith(prefix));
}
