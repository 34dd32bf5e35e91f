// Fixed-window counters in D1 for limits that are not per article. One upsert per check keeps it
// atomic without a read-modify-write race.
import { inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deleteInChunks } from "../db/delete-in-chunks.ts";
import { rateLimits } from "../db/schema/index.ts";
import { tooManyRequests } from "../http/errors.ts";
import type { LimitRule } from "./config.ts";

export interface LimitState {
  count: number;
  resetAt: number;
}

/** Counts one hit against `key` and returns the window's state after it. */
export async function hit(db: Database, key: string, rule: LimitRule, now = Date.now()): Promise<LimitState> {
  const resetAt = now + rule.windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN ${resetAt} ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  if (!row) throw new Error("D1 returned no row for the rate-limit upsert");
  return row;
}

/** Throws 429, with the seconds until the window ends, once a window's count has passed its limit. */
export function refuseOverLimit(state: LimitState, rule: LimitRule, now: number): void {
  if (state.count > rule.limit) throw tooManyRequests((state.resetAt - now) / 1000);
}

/** Counts a hit and throws 429 once the limit is exceeded. */
export async function consume(db: Database, key: string, rule: LimitRule, now = Date.now()): Promise<void> {
  refuseOverLimit(await hit(db, key, rule, now), rule, now);
}

/** Forgets a window (e.g. the wrong-password count after the right password). */
export async function resetLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/**
 * The kinds of per-user window, the one list of them: a key is `<kind>:<userId>` (userLimitKey), so
 * the account deletion finds each of a user's windows by its key instead of reading every window.
 */
export const USER_LIMIT_KINDS = [
  "submission",
  "report",
  "data-export",
  "modme-gate",
  "comment-comment",
  "comment-reply",
  // No longer written (comment votes are counted in the voter's UserCommentVotes object, ADR 022); kept
  // so the deletion still finds a window written before that, for the day such a window lives.
  "comment-vote",
  "comment-report",
] as const;
export type UserLimitKind = (typeof USER_LIMIT_KINDS)[number];

/** A per-user window's key. */
export const userLimitKey = (kind: UserLimitKind, userId: string) => `${kind}:${userId}`;

/**
 * Forgets every per-user window of `userId`, as a statement for the account deletion's batch: no row
 * keyed by a deleted account's id stays behind.
 */
export function userLimitsDeletion(db: Database, userId: string) {
  return db.delete(rateLimits).where(
    inArray(
      rateLimits.key,
      USER_LIMIT_KINDS.map((kind) => userLimitKey(kind, userId)),
    ),
  );
}

/** Windows that ended before `before` count nothing any more (the gateway's daily cron removes them). */
export async function purgeEndedWindows(db: Database, before: number): Promise<number> {
  return deleteInChunks(db, rateLimits, lt(rateLimits.resetAt, before));
}
