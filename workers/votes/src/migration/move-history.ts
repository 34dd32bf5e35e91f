// Moves the voting history kept in D1 before ADR 022 (user_article_votes) into each user's UserVotes
// object, a page at a time in the order of the table's primary key, so a run that stops is taken up
// where it stopped. Idempotent: each object applies newer-wins, so moving a row twice, or a row older
// than what the object already has, changes nothing. The D1 rows stay (the deletion still removes a
// user's) until a later migration drops the table.
import type { Database } from "@unbiased/worker-shared/db/client";
import { userArticleVotes } from "@unbiased/worker-shared/db/schema/index";
import { asc, sql } from "drizzle-orm";
import type { HistoryChange } from "../durable/user-votes.ts";
import { userVotes } from "../votes/cast-vote.ts";

/** Where a page ends: the last row moved, by primary key. */
export interface HistoryCursor {
  userId: string;
  articleId: string;
}

export interface HistoryPage {
  /** Rows read from D1 in this page. */
  moved: number;
  /** Where the next page starts; null when the table is done. */
  next: HistoryCursor | null;
}

export async function moveHistoryPage(
  env: Env,
  db: Database,
  after: HistoryCursor | null,
  limit: number,
): Promise<HistoryPage> {
  const rows = await db
    .select()
    .from(userArticleVotes)
    .where(
      after
        ? sql`(${userArticleVotes.userId}, ${userArticleVotes.articleId}) > (${after.userId}, ${after.articleId})`
        : undefined,
    )
    .orderBy(asc(userArticleVotes.userId), asc(userArticleVotes.articleId))
    .limit(limit);
  const byUser = new Map<string, HistoryChange[]>();
  for (const row of rows) {
    const changes = byUser.get(row.userId) ?? [];
    changes.push({ articleId: row.articleId, voteType: row.voteType, at: row.updatedAt });
    byUser.set(row.userId, changes);
  }
  await Promise.all([...byUser].map(([userId, changes]) => userVotes(env, userId).apply(changes)));
  const last = rows.at(-1);
  return {
    moved: rows.length,
    next: last && rows.length === limit ? { userId: last.userId, articleId: last.articleId } : null,
  };
}
