// Page arithmetic shared by every paged staff list (ModMe): spec §3's `pagination.totalPages` and `total`.
import type { Pagination } from "../contracts/moderation.ts";

/** At least one page, even when nothing is listed (the pager then shows 'Page 1 of 1'). */
export function pageOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}
