// The public moderation log (ADR 018): the log's entries of PUBLIC_LOG_ACTIONS, newest first, reduced
// to what readers may see, and the bans of each ended UTC day counted by kind. The entries come from the
// comments worker, which keeps the log in its months' objects (ADR 022 step 20); the actors' roles and
// the articles concerned from D1. What is left out is left out here, in the mapping below, never by the
// page: the actor's
// id and name (only their role is read), the user acted on, the reporters, every detail, and each
// ban itself (a ban logged beside the rejection that caused it would name its user to anyone who saw
// the comment).

import { MODERATION_ACTIONS } from "@unbiased/worker-shared/contracts/moderation";
import type { ModerationDayCount, ModerationLogQuery } from "@unbiased/worker-shared/contracts/moderation-log-store";
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
import type { CommentsRpc } from "@unbiased/worker-shared/contracts/rpc";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";

const ACTIONS = Object.keys(PUBLIC_LOG_ACTIONS);

function actorRole(actorId: string | null, role: string | null | undefined): PublicLogActor {
  if (actorId === null) return "system";
  return role === "admin" || role === "moderator" ? role : "staff";
}

const DAY_MS = 86_400_000;

/**
 * The bans and lifted bans of each ended UTC day of the last PUBLIC_LOG_BAN_DAYS. Today is left out
 * until it ends: a count that moves during the day would time each ban.
 */
function banDaysQuery(now: number): ModerationLogQuery {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return {
    actions: [MODERATION_ACTIONS.ban, MODERATION_ACTIONS.unban],
    from: today - PUBLIC_LOG_BAN_DAYS * DAY_MS,
    before: today,
  };
}

/** Those days' counts, by kind, newest first. */
function banDaysOf(counts: ModerationDayCount[]): PublicLogBanDay[] {
  const days = new Map<string, PublicLogBanDay>();
  for (const row of counts) {
    const entry = days.get(row.day) ?? { day: row.day, temporary: 0, permanent: 0, lifted: 0 };
    if (row.action === MODERATION_ACTIONS.unban) entry.lifted += row.n;
    else if (row.kind === "temporary" || row.kind === "permanent") entry[row.kind] += row.n;
    days.set(row.day, entry);
  }
  return [...days.values()].sort((a, b) => b.day.localeCompare(a.day));
}

interface ConcernedArticle {
  id: string;
  title: string;
  domain: string;
  status: string;
}

/** The article an entry concerns: the target of a hide, or the one a comment action's details name. */
function concernedArticleId(entry: { targetType: string; targetId: string; details: string | null }): string | null {
  if (entry.targetType === "article") return entry.targetId;
  const details = entry.details ? (JSON.parse(entry.details) as { articleId?: unknown }) : {};
  return typeof details.articleId === "string" ? details.articleId : null;
}

export async function listPublicModerationLog(
  db: Database,
  comments: CommentsRpc,
  page: number,
): Promise<PublicLogPage> {
  const limit = PUBLIC_LOG_PAGE_SIZE;
  // One more than a page: whether a next page exists, without counting the whole log.
  const { entries: found, dayCounts } = await comments.moderationLog(
    { query: { actions: ACTIONS }, offset: (page - 1) * limit, limit: limit + 1 },
    banDaysQuery(Date.now()),
  );
  const shown = found.slice(0, limit);
  const actorIds = [...new Set(shown.flatMap((e) => (e.actorId ? [e.actorId] : [])))];
  const articleIds = [...new Set(shown.flatMap((e) => concernedArticleId(e) ?? []))];
  // One JSON parameter each: a page names more ids than D1 binds in one statement.
  const [{ results: roles }, { results: articles }] = await Promise.all([
    raw(db, "SELECT id, role FROM users WHERE id IN (SELECT value FROM json_each(?))", JSON.stringify(actorIds)).all<{
      id: string;
      role: string;
    }>(),
    raw(
      db,
      "SELECT id, title, domain, status FROM articles WHERE id IN (SELECT value FROM json_each(?))",
      JSON.stringify(articleIds),
    ).all<ConcernedArticle>(),
  ]);
  const roleOf = new Map(roles.map((row) => [row.id, row.role]));
  const articleOf = new Map(articles.map((row) => [row.id, row]));

  const entries = shown.flatMap((row): PublicLogEntry[] => {
    if (!isPublicLogAction(row.action)) return [];
    const articleId = concernedArticleId(row);
    const article = articleId ? articleOf.get(articleId) : undefined;
    return [
      {
        id: row.id,
        action: row.action,
        at: new Date(row.createdAt).toISOString(),
        actorRole: actorRole(row.actorId, row.actorId ? roleOf.get(row.actorId) : null),
        reason: row.reason,
        article: article
          ? {
              title: article.title,
              domain: article.domain,
              path: article.status === "visible" ? articlePath({ id: article.id, title: article.title }) : null,
            }
          : null,
      },
    ];
  });
  return { entries, bans: banDaysOf(dayCounts), pagination: { page, limit, hasNext: found.length > limit } };
}
