// The public moderation log (ADR 018): the moderation_log rows of PUBLIC_LOG_ACTIONS, newest first,
// reduced to what readers may see, and the bans of each ended UTC day counted by kind. What is left
// out is left out here, in the queries' columns and the mapping below, never by the page: the actor's
// id and name (only their role is read), the user acted on, the reporters, every detail, and each
// ban itself (a ban logged beside the rejection that caused it would name its user to anyone who saw
// the comment).

import { MODERATION_ACTIONS } from "@unbiased/worker-shared/contracts/moderation";
import { articlePath } from "@unbiased/worker-shared/contracts/paths";
import {
  isPublicLogAction,
  PUBLIC_LOG_ACTIONS,
  PUBLIC_LOG_BAN_DAYS,
  PUBLIC_LOG_PAGE_SIZE,
  type PublicLogActor,
  type PublicLogBanDay,
  type PublicLogEntry,
  type PublicLogPage,
} from "@unbiased/worker-shared/contracts/public-log";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articles, moderationLog, users } from "@unbiased/worker-shared/db/schema/index";
import { and, desc, gte, inArray, lt, sql } from "drizzle-orm";

const ACTIONS = Object.keys(PUBLIC_LOG_ACTIONS);

function actorRole(actorId: string | null, role: string | null): PublicLogActor {
  if (actorId === null) return "system";
  return role === "admin" || role === "moderator" ? role : "staff";
}

const DAY_MS = 86_400_000;

/**
 * The bans and lifted bans of each ended UTC day of the last PUBLIC_LOG_BAN_DAYS, newest first. Today
 * is left out until it ends: a count that moves during the day would time each ban.
 */
export async function listBanDays(db: Database, now = Date.now()): Promise<PublicLogBanDay[]> {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const day = sql<string>`date(${moderationLog.createdAt} / 1000, 'unixepoch')`;
  const kind = sql<string | null>`json_extract(${moderationLog.details}, '$.banType')`;
  const rows = await db
    .select({ day, action: moderationLog.action, kind, n: sql<number>`count(*)` })
    .from(moderationLog)
    .where(
      and(
        inArray(moderationLog.action, [MODERATION_ACTIONS.ban, MODERATION_ACTIONS.unban]),
        gte(moderationLog.createdAt, today - PUBLIC_LOG_BAN_DAYS * DAY_MS),
        lt(moderationLog.createdAt, today),
      ),
    )
    .groupBy(day, moderationLog.action, kind);
  const days = new Map<string, PublicLogBanDay>();
  for (const row of rows) {
    const entry = days.get(row.day) ?? { day: row.day, temporary: 0, permanent: 0, lifted: 0 };
    if (row.action === MODERATION_ACTIONS.unban) entry.lifted += row.n;
    else if (row.kind === "temporary" || row.kind === "permanent") entry[row.kind] += row.n;
    days.set(row.day, entry);
  }
  return [...days.values()].sort((a, b) => b.day.localeCompare(a.day));
}

export async function listPublicModerationLog(db: Database, page: number): Promise<PublicLogPage> {
  const limit = PUBLIC_LOG_PAGE_SIZE;
  // The article concerned: the target of a hide, or the one a comment action's details name.
  const concernedArticle = sql`${articles.id} = CASE WHEN ${moderationLog.targetType} = 'article' THEN ${moderationLog.targetId} ELSE json_extract(${moderationLog.details}, '$.articleId') END`;
  const rows = await db
    .select({
      id: moderationLog.id,
      action: moderationLog.action,
      reason: moderationLog.reason,
      createdAt: moderationLog.createdAt,
      actorId: moderationLog.actorId,
      role: users.role,
      articleId: articles.id,
      articleTitle: articles.title,
      articleDomain: articles.domain,
      articleStatus: articles.status,
    })
    .from(moderationLog)
    .leftJoin(users, sql`${users.id} = ${moderationLog.actorId}`)
    .leftJoin(articles, concernedArticle)
    .where(inArray(moderationLog.action, ACTIONS))
    .orderBy(desc(moderationLog.id))
    // One more than a page: whether a next page exists, without counting the whole log.
    .limit(limit + 1)
    .offset((page - 1) * limit);

  const entries = rows.slice(0, limit).flatMap((row): PublicLogEntry[] => {
    if (!isPublicLogAction(row.action)) return [];
    return [
      {
        id: row.id,
        action: row.action,
        at: new Date(row.createdAt).toISOString(),
        actorRole: actorRole(row.actorId, row.role),
        reason: row.reason,
        article:
          row.articleId && row.articleTitle !== null && row.articleDomain !== null
            ? {
                title: row.articleTitle,
                domain: row.articleDomain,
                path:
                  row.articleStatus === "visible" ? articlePath({ id: row.articleId, title: row.articleTitle }) : null,
              }
            : null,
      },
    ];
  });
  return { entries, bans: await listBanDays(db), pagination: { page, limit, hasNext: rows.length > limit } };
}
