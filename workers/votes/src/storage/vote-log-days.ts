// Where vote events live (ADR 022): one VoteLog object per UTC day and shard, the shard chosen by the
// user's id, so one user's events of a day are in one object and a day's load is split over the
// shards. Every read names the days of its window (never more than the retention keeps, plus the
// day it began) and asks their objects at once.
import { VOTE_LOG_SHARDS } from "@unbiased/worker-shared/contracts/votes";
import { retentionDays } from "../config.ts";
import type { LoggedEvent } from "../durable/vote-log.ts";

const DAY_MS = 24 * 3600_000;
/** Days before the retention that the purge still visits, in case a daily run was missed. */
const PURGE_LOOKBACK_DAYS = 7;

/** A stable shard for a user id (FNV-1a). */
export function shardOf(userId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % VOTE_LOG_SHARDS;
}

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The UTC days from `oldest` to `newest`, newest first. */
function daysBetween(oldest: number, newest: number): string[] {
  const days: string[] = [];
  for (let at = newest; dayOf(at) >= dayOf(oldest); at -= DAY_MS) days.push(dayOf(at));
  return days;
}

/** The days of a window from `since` to `until`, capped to what the retention keeps. */
export const daysOf = (env: Env, since: number, until: number) =>
  daysBetween(Math.max(since, until - (retentionDays(env) + 1) * DAY_MS), until);

/** Every day that may still hold events: the retention's, and a week before it in case a purge was missed. */
const keptDays = (env: Env, newest: number, now: number) =>
  daysBetween(now - (retentionDays(env) + PURGE_LOOKBACK_DAYS) * DAY_MS, Math.min(newest, now));

export const voteLog = (env: Env, day: string, shard: number) =>
  env.VOTE_LOG.get(env.VOTE_LOG.idFromName(`${day}/${shard}`));

/** Where an event belongs: its UTC day and its user's shard. */
const logOf = (env: Env, event: Pick<LoggedEvent, "at" | "userId">) =>
  voteLog(env, dayOf(event.at), shardOf(event.userId));

/** The objects of the window: for one user, their shard of each day; otherwise every shard. */
export function logsOf(env: Env, days: string[], userId?: string) {
  const shards = userId === undefined ? [...Array(VOTE_LOG_SHARDS).keys()] : [shardOf(userId)];
  return days.flatMap((day) => shards.map((shard) => voteLog(env, day, shard)));
}

/** Gives each day-and-shard object its events, all at once; returns how many were new. */
export async function recordEvents(env: Env, events: LoggedEvent[]): Promise<number> {
  const groups = new Map<string, LoggedEvent[]>();
  for (const event of events) {
    const key = `${dayOf(event.at)}/${shardOf(event.userId)}`;
    const group = groups.get(key);
    if (group) group.push(event);
    else groups.set(key, [event]);
  }
  const added = await Promise.all(
    [...groups.values()].map((group) => logOf(env, group[0] as LoggedEvent).record(group)),
  );
  return added.reduce((a, b) => a + b, 0);
}

/**
 * Every object that may still hold events older than `before` (the retention purge, the cleanup), and
 * whether its whole day is older (then the object goes altogether).
 */
export function purgeableLogs(env: Env, before: number, now: number) {
  return keptDays(env, before, now).flatMap((day) =>
    logsOf(env, [day]).map((log) => ({ log, wholeDay: Date.parse(`${day}T00:00:00Z`) + DAY_MS <= before })),
  );
}

/** Every object that may hold the user's events (their shard of each retained day). */
export const userLogs = (env: Env, userId: string, now = Date.now()) => logsOf(env, keptDays(env, now, now), userId);
