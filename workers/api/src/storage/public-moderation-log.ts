// The public moderation log (issue 25 part 3): the moderation_log rows of PUBLIC_LOG_ACTIONS, newest
// first, reduced to what readers may see. What is left out is left out here, in the query's columns
// and the mapping below, never by the page: the actor's id and name (only their role is read), the
// user acted on, the reporters, and every detail but a ban's kind and length.

import { articlePath } from "@unbiased/worker-shared/contracts/paths";
import {
  isPublicLogAction,
  PUBLIC_LOG_ACTIONS,
  PUBLIC_LOG_PAGE_SIZE,
  type PublicLogActor,
  type PublicLogEntry,
  type PublicLogPage,
} from "@unbiased/worker-shared/contracts/public-log";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articles, moderationLog, users } from "@unbiased/worker-shared/db/schema/index";
import { desc, inArray, sql } from "drizzle-orm";

const ACTIONS = Object.keys(PUBLIC_LOG_ACTIONS);

function actorRole(actorId: string | null, role: string | null): PublicLogActor {
  if (actorId === null) return "system";
  return role === "admin" || role === "moderator" ? role : "staff";
}

/** A ban's kind and length from its log details; nothing else of them leaves this function. */
function banOf(details: string | null): PublicLogEntry["ban"] {
  try {
    const parsed = JSON.parse(details ?? "{}") as { banType?: unknown; hours?: unknown };
    if (parsed.banType !== "temporary" && parsed.banType !== "permanent") return null;
    return { type: parsed.banType, hours: typeof parsed.hours === "number" ? parsed.hours : null };
  } catch {
    return null;
  }
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
      details: moderationLog.details,
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
        ban: row.action === "user.ban" ? banOf(row.details) : null,
      },
    ];
  });
  return { entries, pagination: { page, limit, hasNext: rows.length > limit } };
}
