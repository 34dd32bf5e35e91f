// Reading the append-only moderation log for /modme/log (writing goes through
// @unbiased/worker-shared/moderation-log). Filters: moderator (id or name), action, target (id).
// The log is append-only and names people by id; an id whose account was deleted reads '[deleted]'.

import { DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import type { ModerationLogEntry } from "@unbiased/worker-shared/contracts/moderation";
import type { Database } from "@unbiased/worker-shared/db/client";
import { moderationLog, users } from "@unbiased/worker-shared/db/schema/index";
import { and, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { containsText } from "./contains.ts";
import { iso } from "./time.ts";

export interface LogFilter {
  actor?: string;
  action?: string;
  target?: string;
}

function filterWhere(filter: LogFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.actor) {
    parts.push(or(eq(moderationLog.actorId, filter.actor), containsText(users.name, filter.actor)));
  }
  if (filter.action) parts.push(eq(moderationLog.action, filter.action));
  if (filter.target)
    parts.push(or(eq(moderationLog.targetId, filter.target), eq(moderationLog.targetType, filter.target)));
  return parts.length ? and(...parts) : undefined;
}

export async function listModerationLog(db: Database, filter: LogFilter, page: number, limit: number) {
  const where = filterWhere(filter);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        entry: moderationLog,
        actorName: users.name,
        targetDeleted: sql<number>`${moderationLog.targetType} = 'user' AND NOT EXISTS (SELECT 1 FROM ${users} t WHERE t.id = ${moderationLog.targetId})`,
      })
      .from(moderationLog)
      .leftJoin(users, eq(users.id, moderationLog.actorId))
      .where(where)
      .orderBy(desc(moderationLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(moderationLog).leftJoin(users, eq(users.id, moderationLog.actorId)).where(where),
  ]);
  const entries: ModerationLogEntry[] = rows.map(({ entry, actorName, targetDeleted }) => ({
    id: entry.id,
    actorId: entry.actorId,
    // An actor id with no user row: the account was deleted.
    actorName: entry.actorId && actorName === null ? DELETED_USER.name : actorName,
    targetDeleted: Boolean(targetDeleted),
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason,
    details: entry.details ? (JSON.parse(entry.details) as Record<string, unknown>) : null,
    createdAt: iso(entry.createdAt),
  }));
  return { entries, total: totalRow?.n ?? 0 };
}

/** The distinct actions seen, for the log page's filter menu. */
export async function listLoggedActions(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: moderationLog.action })
    .from(moderationLog)
    .orderBy(moderationLog.action);
  return rows.map((r) => r.action);
}
