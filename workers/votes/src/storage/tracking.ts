// Vote tracking for ModMe (spec §7 /api/votes/tracking/*): the events of a time window, read from the
// VoteLog objects of its days (vote-log-days.ts, ADR 022) and combined here: counts add up, distinct
// users, IPs and articles are unions of each object's sets, the recent lists merge newest first. And
// the purge of old events (retention and cleanup).

import type {
  IpVoteActivity,
  ProblematicUsers,
  TrackedVote,
  UserVoteActivity,
  VoteStatistics,
} from "@unbiased/worker-shared/contracts/votes";
import type { Database } from "@unbiased/worker-shared/db/client";
import { users } from "@unbiased/worker-shared/db/schema/index";
import { inArray } from "drizzle-orm";
import { type EventTotals, type LoggedEvent, RECENT_LIMIT } from "../durable/vote-log.ts";
import { daysOf, logsOf, purgeableLogs } from "./vote-log-days.ts";

const HOUR_MS = 3600_000;

function window(env: Env, hours: number, now: number) {
  const since = now - hours * HOUR_MS;
  return { since, days: daysOf(env, since, now) };
}

const union = (sets: string[][]) => new Set(sets.flat()).size;

function sum(totals: EventTotals[]) {
  const out = { total_votes: 0, upvotes: 0, downvotes: 0, removals: 0 };
  for (const t of totals) {
    out.total_votes += t.total;
    out.upvotes += t.upvotes;
    out.downvotes += t.downvotes;
    out.removals += t.removals;
  }
  return out;
}

function newest(lists: LoggedEvent[][]): TrackedVote[] {
  return lists
    .flat()
    .sort((a, b) => b.at - a.at)
    .slice(0, RECENT_LIMIT)
    .map((e) => ({
      articleId: e.articleId,
      userId: e.userId,
      voteType: e.voteType,
      previousVote: e.previousVote,
      ip: e.ip,
      timestamp: new Date(e.at).toISOString(),
    }));
}

export async function userActivity(env: Env, userId: string, hours: number, now = Date.now()) {
  const { since, days } = window(env, hours, now);
  const parts = await Promise.all(logsOf(env, days, userId).map((log) => log.user(userId, since)));
  return {
    userId,
    hours,
    ...sum(parts.map((p) => p.totals)),
    unique_ips: union(parts.map((p) => p.ips)),
    unique_articles: union(parts.map((p) => p.articles)),
    recent: newest(parts.map((p) => p.recent)),
  } satisfies UserVoteActivity;
}

export async function ipActivity(env: Env, ip: string, hours: number, now = Date.now()) {
  const { since, days } = window(env, hours, now);
  const parts = await Promise.all(logsOf(env, days).map((log) => log.ip(ip, since)));
  return {
    ip,
    hours,
    total_votes: parts.reduce((n, p) => n + p.total, 0),
    unique_users: union(parts.map((p) => p.users)),
    recent: newest(parts.map((p) => p.recent)),
  } satisfies IpVoteActivity;
}

/**
 * Users with at least `threshold` vote changes in the window, busiest first. Counts add up across
 * days: a user with `threshold` changes over d days has at least threshold/d on one of them, so each
 * day names its users above that, and only those are counted over the whole window.
 */
export async function problematicUsers(env: Env, db: Database, threshold: number, hours: number, now = Date.now()) {
  const { since, days } = window(env, hours, now);
  const perDay = Math.max(1, Math.ceil(threshold / days.length));
  const candidates = [
    ...new Set(
      (await Promise.all(logsOf(env, days).map((log) => log.busyUsers(since, perDay)))).flat().map((u) => u.userId),
    ),
  ];
  const totals = new Map<string, number>();
  const counted = await Promise.all(logsOf(env, days).map((log) => log.countsOf(candidates, since)));
  for (const { userId, n } of counted.flat()) totals.set(userId, (totals.get(userId) ?? 0) + n);
  const busy = [...totals].filter(([, n]) => n >= threshold).sort((a, b) => b[1] - a[1]);
  const names = new Map<string, string>();
  if (busy.length > 0) {
    const rows = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        inArray(
          users.id,
          busy.map(([id]) => id),
        ),
      );
    for (const row of rows) names.set(row.id, row.name);
  }
  const list = busy.map(([userId, n]) => ({ userId, name: names.get(userId) ?? null, total_votes: n }));
  return { threshold, hours, users: list, count: list.length } satisfies ProblematicUsers;
}

export async function statistics(env: Env, hours: number, now = Date.now()) {
  const { since, days } = window(env, hours, now);
  const parts = await Promise.all(logsOf(env, days).map((log) => log.overall(since)));
  return {
    hours,
    ...sum(parts.map((p) => p.totals)),
    unique_ips: union(parts.map((p) => p.ips)),
    unique_users: union(parts.map((p) => p.users)),
  } satisfies VoteStatistics;
}

/** Deletes tracking events (with their IPs) older than `hours`; returns how many. */
export async function purgeTracking(env: Env, hours: number, now = Date.now()): Promise<number> {
  const before = now - hours * HOUR_MS;
  const purged = await Promise.all(
    purgeableLogs(env, before, now).map(({ log, wholeDay }) => (wholeDay ? log.clear() : log.purgeBefore(before))),
  );
  return purged.reduce((a, b) => a + b, 0);
}
