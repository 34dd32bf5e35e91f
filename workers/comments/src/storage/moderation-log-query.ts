// The ModMe log page's data (/modme/log; writing goes through @unbiased/worker-shared/moderation-log).
// Filters: moderator (id or name), action, target (id or type). The entries live in their months'
// objects (moderation-log-read.ts), which know people by id only: a moderator's name is looked up among
// the actors D1 lists (`moderation_log_actors`), and the page's names afterwards. The log is
// append-only and names people by id; an id whose account was deleted reads '[deleted]'.

import { DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import type { ModerationLogEntry } from "@unbiased/worker-shared/contracts/moderation";
import type { ModerationLogQuery } from "@unbiased/worker-shared/contracts/moderation-log-store";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";
import { moderationLogActors, users } from "@unbiased/worker-shared/db/schema/index";
import { eq } from "drizzle-orm";
import { containsText } from "./contains.ts";
import { loggedActions, logMonthsAfterMove, readModerationLog } from "./moderation-log-read.ts";
import { iso } from "./time.ts";

export interface LogFilter {
  actor?: string;
  action?: string;
  target?: string;
}

/** The actors a moderator filter means: the id itself, and every actor whose name contains it. */
async function actorIdsMatching(db: Database, actor: string): Promise<string[]> {
  const named = await db
    .select({ id: moderationLogActors.actorId })
    .from(moderationLogActors)
    .innerJoin(users, eq(users.id, moderationLogActors.actorId))
    .where(containsText(users.name, actor));
  return [...new Set([actor, ...named.map((row) => row.id)])];
}

async function queryOf(db: Database, filter: LogFilter): Promise<ModerationLogQuery> {
  return {
    ...(filter.actor ? { actorIds: await actorIdsMatching(db, filter.actor) } : {}),
    ...(filter.action ? { actions: [filter.action] } : {}),
    ...(filter.target ? { target: filter.target } : {}),
  };
}

/** One page of the log newest first, how many entries match, and every action logged (the filter menu). */
export async function listModerationLog(env: Env, db: Database, filter: LogFilter, page: number, limit: number) {
  // The move first: it lists the actors a name is looked for among.
  const months = await logMonthsAfterMove(env, db);
  const query = await queryOf(db, filter);
  const [{ entries: stored, total }, actions] = await Promise.all([
    readModerationLog(env, months, query, (page - 1) * limit, limit),
    loggedActions(env, months),
  ]);
  const people = [
    ...new Set(
      stored.flatMap((e) => [...(e.actorId ? [e.actorId] : []), ...(e.targetType === "user" ? [e.targetId] : [])]),
    ),
  ];
  // One JSON parameter: a page's people can be more than D1 binds in one statement.
  const { results: found } = await raw(
    db,
    "SELECT id, name FROM users WHERE id IN (SELECT value FROM json_each(?))",
    JSON.stringify(people),
  ).all<{ id: string; name: string }>();
  const names = new Map(found.map((user) => [user.id, user.name]));
  const entries: ModerationLogEntry[] = stored.map((entry) => ({
    id: entry.id,
    actorId: entry.actorId,
    // An actor id with no user row: the account was deleted.
    actorName: entry.actorId ? (names.get(entry.actorId) ?? DELETED_USER.name) : null,
    targetDeleted: entry.targetType === "user" && !names.has(entry.targetId),
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason,
    details: entry.details ? (JSON.parse(entry.details) as Record<string, unknown>) : null,
    createdAt: iso(entry.createdAt),
  }));
  return { entries, total, actions };
}
