// Moves what D1 kept of votes before ADR 022 into the objects that keep it now: the voting history
// (user_article_votes) into each user's UserVotes object, the vote events (vote_events) into the
// VoteLog object of their day, a page at a time in the order of each table's primary key, so a run
// that stops is taken up where it stopped. Idempotent: each object applies newer-wins, so moving a row twice, or a row older
// than what the object already has, changes nothing. The D1 rows stay (the deletion still removes a
// user's) until a later migration drops the table.
import type { Database } from "@unbiased/worker-shared/db/client";
import { userArticleVotes, voteEvents } from "@unbiased/worker-shared/db/schema/index";
import { asc, gt, sql } from "drizzle-orm";
import { writeHistories } from "../storage/user-histories.ts";
import { recordEvents } from "../storage/vote-log-days.ts";

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
  await writeHistories(
    env,
    // D1 kept no number: 0, so any change the object numbered since wins over it.
    rows.map((row) => ({
      userId: row.userId,
      articleId: row.articleId,
      voteType: row.voteType,
      at: row.updatedAt,
      seq: 0,
    })),
  );
  const last = rows.at(-1);
  return {
    moved: rows.length,
    next: last && rows.length === limit ? { userId: last.userId, articleId: last.articleId } : null,
  };
}

/**
 * The vote events D1 kept before ADR 022 (vote_events), a page at a time by id, to the VoteLog object
 * of their day and user. Idempotent by event id; an event of a deleted account is not kept.
 */
export async function moveEventsPage(
  env: Env,
  db: Database,
  after: string | null,
  limit: number,
): Promise<{ moved: number; next: string | null }> {
  const rows = await db
    .select()
    .from(voteEvents)
    .where(after ? gt(voteEvents.id, after) : undefined)
    .orderBy(asc(voteEvents.id))
    .limit(limit);
  await recordEvents(
    env,
    rows.map((r) => ({
      id: r.id,
      articleId: r.articleId,
      userId: r.userId,
      voteType: r.voteType,
      previousVote: r.previousVote,
      ip: r.ip,
      at: r.createdAt,
    })),
  );
  const last = rows.at(-1);
  return { moved: rows.length, next: last && rows.length === limit ? last.id : null };
}
