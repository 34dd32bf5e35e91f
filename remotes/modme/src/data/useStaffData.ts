// One hook for every ModMe read: SWR with the staff defaults (staffFetching.ts).
import { useSWR } from "@unbiased/web-shared";
import { STAFF_SWR, useCacheExpiry } from "./staffFetching.ts";

export function useStaffData<T>(key: string | null, fetcher: () => Promise<T>) {
  const result = useSWR<T>(key, fetcher, STAFF_SWR);
  useCacheExpiry(key, result.mutate);
  return result;
}
