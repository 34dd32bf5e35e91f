// Vote tracking for ModMe (spec §7 /api/votes/tracking/*): aggregates over vote_events, the
// append-only log the consumer writes, within a time window; and the purge of old rows (retention).

import type {
  IpVoteActivity,
  ProblematicUsers,
  TrackedVote,
  UserVoteActivity,
  VoteStatistics,
} from "@unbiased/worker-shared/contracts/votes";
import type { Database } from "@unbiased/worker-shared/db/client";
import { users, voteEvents } from "@unbiased/worker-shared/db/schema/index";
import { and, count, countDistinct, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";

const HOUR_MS = 3600_000;
/** Rows listed under `recent` in the per-user and per-IP views. */
const RECENT_LIMIT = 50;

const since = (hours: number, now: number) => gte(voteEvents.createdAt, now - hours * HOUR_MS);
const countWhere = (condition: SQL) => sql<number>`coalesce(sum(CASE WHEN ${condition} THEN 1 ELSE 0 END), 0)`;

/** An aggregate query's single row. */
function one<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error("aggregate returned no row");
  return row;
}

async function recent(db: Database, where: SQL | undefined): Promise<TrackedVote[]> {
  const rows = await db.select().from(voteEvents).where(where).orderBy(desc(voteEvents.createdAt)).limit(RECENT_LIMIT);
  return rows.map((r) => ({
    articleId: r.articleId,
    userId: r.userId,
    voteType: r.voteType,
    previousVote: r.previousVote,
    ip: r.ip,
    timestamp: new Date(r.createdAt).toISOString(),
  }));
}

const totals = {
  total_votes: count(),
  upvotes: countWhere(sql`${voteEvents.voteType} = 'upvote'`),
  downvotes: countWhere(sql`${voteEvents.voteType} = 'downvote'`),
  removals: countWhere(sql`${voteEvents.voteType} = 'none'`),
  unique_ips: countDistinct(voteEvents.ip),
};

export async function userActivity(db: Database, userId: string, hours: number, now = Date.now()) {
  const where = and(eq(voteEvents.userId, userId), since(hours, now));
  const rows = await db
    .select({ ...totals, unique_articles: countDistinct(voteEvents.articleId) })
    .from(voteEvents)
    .where(where);
  return { userId, hours, ...one(rows), recent: await recent(db, where) } satisfies UserVoteActivity;
}

export async function ipActivity(db: Database, ip: string, hours: number, now = Date.now()) {
  const where = and(eq(voteEvents.ip, ip), since(hours, now));
  const rows = await db
    .select({ total_votes: count(), unique_users: countDistinct(voteEvents.userId) })
    .from(voteEvents)
    .where(where);
  return { ip, hours, ...one(rows), recent: await recent(db, where) } satisfies IpVoteActivity;
}

/** Users with at least `threshold` vote changes in the window, busiest first. */
export async function problematicUsers(db: Database, threshold: number, hours: number, now = Date.now()) {
  const rows = await db
    .select({ userId: voteEvents.userId, name: users.name, total_votes: count() })
    .from(voteEvents)
    .leftJoin(users, eq(users.id, voteEvents.userId))
    .where(since(hours, now))
    .groupBy(voteEvents.userId)
    .having(gte(count(), threshold))
    .orderBy(desc(count()));
  const list = rows.map((r) => ({ userId: r.userId, name: r.name ?? null, total_votes: r.total_votes }));
  return { threshold, hours, users: list, count: list.length } satisfies ProblematicUsers;
}

export async function statistics(db: Database, hours: number, now = Date.now()) {
  const rows = await db
    .select({ ...totals, unique_users: countDistinct(voteEvents.userId) })
    .from(voteEvents)
    .where(since(hours, now));
  return { hours, ...one(rows) } satisfies VoteStatistics;
}

/** Deletes tracking rows (vote events with their IPs) older than `hours`; returns how many. */
export async function purgeTracking(db: Database, hours: number, now = Date.now()): Promise<number> {
  const result = await db.delete(voteEvents).where(lt(voteEvents.createdAt, now - hours * HOUR_MS));
  return result.meta.changes ?? 0;
}
