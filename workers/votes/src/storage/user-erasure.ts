// The D1 side of an account deletion in the votes worker (ADR 017, ADR 022): which articles the D1
// copy says the user voted on, the copy of the counts after their votes are gone, and the removal of
// the user's rows kept there before ADR 022.

import type { Database } from "@unbiased/worker-shared/db/client";
import { raw, runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { VOTE_EVENTS_QUEUE } from "../jobs/send-vote-events.ts";

/** The JSON path of a vote event's user in a dead-lettered job's kept body. */
const BODY_USER = "CASE WHEN json_valid(body) THEN json_extract(body, '$.payload.userId') END";
const BODY_ARTICLE = "json_extract(body, '$.payload.articleId')";

/**
 * Every article the D1 copy ties to the user: their current votes, the events of the last 30 days
 * (a vote since removed included), and the events that were dead-lettered (their bodies are kept).
 */
export async function articlesInCopy(db: Database, userId: string): Promise<string[]> {
  const { results } = await raw(
    db,
    `SELECT article_id AS id FROM user_article_votes WHERE user_id = ?1
     UNION SELECT article_id FROM vote_events WHERE user_id = ?1
     UNION SELECT ${BODY_ARTICLE} FROM queue_jobs WHERE queue = ?2 AND body IS NOT NULL AND ${BODY_USER} = ?1`,
    userId,
    VOTE_EVENTS_QUEUE,
  ).all<{ id: string | null }>();
  return results.flatMap((row) => (row.id ? [row.id] : []));
}

/**
 * Removes the user's rows from the D1 copy in one batch: their current votes, their events (with the
 * IP addresses) and the bodies of their dead-lettered events (the job rows stay, so the queue's failed
 * count stays true; without a body they cannot be replayed).
 */
export async function removeUserRows(db: Database, userId: string): Promise<void> {
  await runBatch(db, [
    raw(db, "DELETE FROM user_article_votes WHERE user_id = ?", userId),
    raw(db, "DELETE FROM vote_events WHERE user_id = ?", userId),
    raw(
      db,
      `UPDATE queue_jobs SET body = NULL WHERE queue = ?2 AND body IS NOT NULL AND ${BODY_USER} = ?1`,
      userId,
      VOTE_EVENTS_QUEUE,
    ),
  ]);
}
