import { apiFetch, useSWR } from "@unbiased/web-shared";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";
import type { PublicLogEntry, PublicLogPage } from "@unbiased/worker-shared/contracts/public-log";
import { ARTICLE_CACHE } from "../cache/articleCache.ts";
import { moderationLogUrl } from "./moderationLogQuery.ts";

/** GET /api/moderation-log as it answers: the entries in `data`, the ban counts and the paging beside them. */
export type ModerationLogResponse = ApiSuccess<PublicLogEntry[]> & Pick<PublicLogPage, "bans" | "pagination">;

/** One page of the public log; public data, kept as long as article data (30 s fresh). */
export function useModerationLog(page: number) {
  return useSWR(moderationLogUrl(page), (url: string) => apiFetch<ModerationLogResponse>(url), ARTICLE_CACHE);
}
