// People as ModMe sees them (spec §3 "Staff user list item", "User reputation record",
// "Comment (in a user's list)", "Queue stats (moderation)").

import { DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import { reputationTier } from "@unbiased/worker-shared/contracts/comments";
import {
  ACTIVE_USER_WINDOW_MS,
  type ModerationQueueStats,
  type StaffUserItem,
  type UserCommentItem,
  type UserReputationRecord,
  type UsersSummaryData,
} from "@unbiased/worker-shared/contracts/moderation";
import type { Database } from "@unbiased/worker-shared/db/client";
import { commentReports, comments, userReputation, users } from "@unbiased/worker-shared/db/schema/index";
import { and, count, desc, eq, gte, inArray, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { withTexts } from "./comment-texts.ts";
import { containsText } from "./contains.ts";
import { IS_PENDING } from "./moderation-comments.ts";
import { iso, isoOrNull } from "./time.ts";

/**
 * Comment counts of the users in `listed` (a subquery of their ids; deleted comments left out). The
 * list asks for one page after every pause in a search, so it must not aggregate every comment of the
 * site; a subquery, not a list of ids, because D1 binds at most 100 parameters per query.
 */
async function commentStatsOf(db: Database, listed: SQLiteSelect) {
  const rows = await db
    .select({
      userId: comments.userId,
      total: count(),
      approved: sql<number>`sum(CASE WHEN ${comments.status} = 'approved' THEN 1 ELSE 0 END)`,
      pending: sql<number>`sum(CASE WHEN ${comments.status} = 'pending' THEN 1 ELSE 0 END)`,
    })
    .from(comments)
    .where(and(inArray(comments.userId, listed), ne(comments.status, "deleted")))
    .groupBy(comments.userId);
  return new Map(rows.map(({ userId, ...counts }) => [userId, counts]));
}

export interface StaffUserFilter {
  /** Part of the name or of the user id, any case. */
  q?: string;
  /** Part of the e-mail address, any case. */
  email?: string;
}

/** The '[deleted]' row that deleted accounts' kept comments belong to is nobody: no list or count shows it. */
const aPerson = ne(users.id, DELETED_USER.id);

function userFilterWhere(filter: StaffUserFilter): SQL | undefined {
  const parts: SQL[] = [aPerson];
  if (filter.q) parts.push(or(containsText(users.name, filter.q), containsText(users.id, filter.q)) as SQL);
  if (filter.email) parts.push(containsText(users.email, filter.email));
  return and(...parts);
}

/** One page of the users matching `filter`, newest first, and how many match in all. */
export async function listStaffUsers(
  db: Database,
  filter: StaffUserFilter,
  page: number,
  limit: number,
): Promise<{ users: StaffUserItem[]; total: number }> {
  const where = userFilterWhere(filter);
  const newestFirst = [desc(users.createdAt), users.id];
  const [rows, [totalRow], stats] = await Promise.all([
    db
      .select({
        user: { id: users.id, name: users.name, email: users.email, role: users.role, lastLoginAt: users.lastLoginAt },
        score: userReputation.score,
      })
      .from(users)
      .leftJoin(userReputation, eq(userReputation.userId, users.id))
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(users).where(where),
    commentStatsOf(
      db,
      db
        .select({ id: users.id })
        .from(users)
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset((page - 1) * limit)
        .$dynamic(),
    ),
  ]);
  const items = rows.map((r) => {
    const score = r.score ?? 0;
    const { total = 0, approved = 0, pending = 0 } = stats.get(r.user.id) ?? {};
    return {
      userId: r.user.id,
      name: r.user.name,
      email: r.user.email,
      reputationScore: score,
      tier: reputationTier(score).label,
      totalComments: total,
      approvedComments: approved,
      pendingComments: pending,
      approvalRate: total > 0 ? Math.round((approved / total) * 100) : 0,
      last_login: isoOrNull(r.user.lastLoginAt),
      role: r.user.role,
    };
  });
  return { users: items, total: totalRow?.n ?? 0 };
}

/** How many users there are in each reputation tier (a user without a record scores 0). */
export async function countUsersByTier(db: Database): Promise<UsersSummaryData> {
  const score = sql<number>`coalesce(${userReputation.score}, 0)`;
  // One row per distinct score; the tiers' bounds stay in one place (reputationTier).
  const rows = await db
    .select({ score, n: count() })
    .from(users)
    .leftJoin(userReputation, eq(userReputation.userId, users.id))
    .where(aPerson)
    .groupBy(score);
  const summary: UsersSummaryData = { total: 0, tiers: { trusted: 0, established: 0, new: 0, restricted: 0 } };
  for (const row of rows) {
    summary.total += row.n;
    summary.tiers[reputationTier(row.score).key] += row.n;
  }
  return summary;
}

export async function getUserReputation(db: Database, userId: string): Promise<UserReputationRecord | null> {
  const [row] = await db
    .select({ user: users, reputation: userReputation })
    .from(users)
    .leftJoin(userReputation, eq(userReputation.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const score = row.reputation?.score ?? 0;
  return {
    userId: row.user.id,
    email: row.user.email,
    name: row.user.name,
    reputationScore: score,
    totalUpvotes: row.reputation?.totalUpvotes ?? 0,
    totalDownvotes: row.reputation?.totalDownvotes ?? 0,
    approvedComments: row.reputation?.approvedComments ?? 0,
    tier: reputationTier(score).label,
  };
}

export async function listUserComments(env: Env, db: Database, userId: string, page: number, limit: number) {
  const [user] = await db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const mine = and(eq(comments.userId, userId), ne(comments.status, "deleted"));
  const [stored, [totalRow]] = await Promise.all([
    db
      .select()
      .from(comments)
      .where(mine)
      .orderBy(desc(comments.createdAt), comments.id)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(comments).where(mine),
  ]);
  const total = totalRow?.n ?? 0;
  const rows = await withTexts(env, stored);
  const list: UserCommentItem[] = rows.map((c) => ({
    id: c.id,
    parentId: c.parentId,
    articleId: c.articleId,
    content: c.content,
    status: c.status,
    createdAt: iso(c.createdAt),
    upvotes: c.upvotes,
    downvotes: c.downvotes,
    score: c.upvotes - c.downvotes,
  }));
  return { user: { ...user, totalComments: total }, comments: list, total };
}

/** The moderation stats of spec §3, plus the dashboard's Active Users. */
export async function moderationQueueStats(db: Database, now = Date.now()): Promise<ModerationQueueStats> {
  const since = now - ACTIVE_USER_WINDOW_MS;
  const [[all], [pending], [reports], [negative], [active]] = await db.batch([
    db.select({ n: count() }).from(comments).where(ne(comments.status, "deleted")),
    db.select({ n: count() }).from(comments).where(IS_PENDING),
    db.select({ n: count() }).from(commentReports).where(eq(commentReports.status, "pending")),
    db.select({ n: count() }).from(userReputation).where(lt(userReputation.score, 0)),
    db
      .select({ n: count() })
      .from(users)
      .where(
        and(
          aPerson,
          or(
            gte(users.lastLoginAt, since),
            sql`EXISTS (SELECT 1 FROM ${comments} WHERE ${comments.userId} = ${users.id} AND ${comments.createdAt} >= ${since})`,
          ),
        ),
      ),
  ]);
  return {
    total: all?.n ?? 0,
    pending: pending?.n ?? 0,
    pendingReports: reports?.n ?? 0,
    negativeReputationUsers: negative?.n ?? 0,
    activeUsers: active?.n ?? 0,
  };
}
