// Reading the moderation log across its months' objects (ADR 022 step 20), newest first. Each read moves
// what D1 still holds first, so it sees every entry logged before it (unless the move fails: then it
// reads what had moved, and the cron moves the rest). The months come from D1's
// `moderation_log_months` (one row a month), newest first. ModMe's page, which shows a total, asks
// every month how many entries match, then only the months the page falls in; the public log's page,
// which shows none, asks the months one after another from the newest until its page is full.
import {
  logMonthOf,
  type ModerationDayCount,
  type ModerationLogQuery,
  type ModerationLogSlice,
  type StoredModerationEntry,
} from "@unbiased/worker-shared/contracts/moderation-log-store";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import { deliverModerationLog } from "./moderation-log-delivery.ts";
import { moderationLogMonth } from "./objects.ts";

/**
 * The months with entries, newest first, once what D1 still holds has moved: every read below starts
 * here, once per request.
 */
export async function logMonthsAfterMove(env: Env, db: Database): Promise<string[]> {
  await deliverModerationLog(env, db).catch((err) =>
    console.error("moderation log: a read's move failed; it reads what had moved:", err),
  );
  const { results } = await raw(db, "SELECT month FROM moderation_log_months ORDER BY month DESC").all<{
    month: string;
  }>();
  return results.map((row) => row.month);
}

/** The months a query's time window touches (all of them without one). */
function monthsTouched(months: string[], query: ModerationLogQuery): string[] {
  const first = query.from === undefined ? "" : logMonthOf(query.from);
  const last = query.before === undefined ? "9999-12" : logMonthOf(query.before - 1);
  return months.filter((month) => month >= first && month <= last);
}

/** `limit` matching entries newest first from `offset`, and how many match in all. */
export async function readModerationLog(
  env: Env,
  months: string[],
  query: ModerationLogQuery,
  offset: number,
  limit: number,
): Promise<ModerationLogSlice> {
  const counts = await Promise.all(months.map((month) => moderationLogMonth(env, month).slice(query, 0, 0)));
  // Which months the page falls in, and where in each.
  const reads: { month: string; offset: number; limit: number }[] = [];
  let skip = offset;
  let wanted = limit;
  months.forEach((month, i) => {
    const total = counts[i]?.total ?? 0;
    if (wanted === 0 || skip >= total) {
      skip -= Math.min(skip, total);
      return;
    }
    const take = Math.min(wanted, total - skip);
    reads.push({ month, offset: skip, limit: take });
    skip = 0;
    wanted -= take;
  });
  const pages = await Promise.all(reads.map((r) => moderationLogMonth(env, r.month).slice(query, r.offset, r.limit)));
  return {
    entries: pages.flatMap((page) => page.entries),
    total: counts.reduce((sum, count) => sum + count.total, 0),
  };
}

/**
 * `limit` matching entries newest first from `offset`, without a total: the months are asked one after
 * another from the newest, each for what the page still needs, until it is full (most pages: one month).
 */
export async function firstMatching(
  env: Env,
  months: string[],
  query: ModerationLogQuery,
  offset: number,
  limit: number,
): Promise<StoredModerationEntry[]> {
  const found: StoredModerationEntry[] = [];
  let skip = offset;
  for (const month of months) {
    if (found.length === limit) break;
    const { entries, total } = await moderationLogMonth(env, month).slice(query, skip, limit - found.length);
    found.push(...entries);
    skip = Math.max(0, skip - total);
  }
  return found;
}

/** Every action the log holds, sorted (ModMe's filter menu). */
export async function loggedActions(env: Env, months: string[]): Promise<string[]> {
  const lists = await Promise.all(months.map((month) => moderationLogMonth(env, month).actions()));
  return [...new Set(lists.flat())].sort();
}

/** The matching entries counted by UTC day, action and ban kind. */
export async function logDayCounts(
  env: Env,
  months: string[],
  query: ModerationLogQuery,
): Promise<ModerationDayCount[]> {
  const counts = await Promise.all(
    monthsTouched(months, query).map((month) => moderationLogMonth(env, month).dayCounts(query)),
  );
  return counts.flat();
}
