// The gateway's tables in an account deletion (ADR 017): first every session is revoked; last, after
// the votes and comments workers have taken out theirs, the user's own rows go in one batch, the user
// row with them.

import type { Database } from "@unbiased/worker-shared/db/client";
import { raw, runBatch, statement } from "@unbiased/worker-shared/db/raw-batch";
import { userLimitsDeletion } from "@unbiased/worker-shared/limits/rate-limit";

/**
 * Closes every open session of the user: from this statement on, every token that names one of them
 * answers 401 in every worker (the principal is read from D1 on each request), and none can refresh.
 */
export async function revokeAllSessions(db: Database, userId: string, now = Date.now()): Promise<void> {
  await raw(
    db,
    "UPDATE sessions SET revoked_at = ?, refresh_hash = NULL WHERE user_id = ? AND revoked_at IS NULL",
    now,
    userId,
  ).run();
}

/**
 * The rest, in one batch: the article reports they filed and their submissions; their id cleared where
 * they acted as staff (an article they hid, a report they resolved), which refers to the user row;
 * their sign-in codes, sessions (with any refresh-token hashes spent before the numbered line, by cascade) and rate-limit
 * windows; then the user row. Anything a request in flight added meanwhile goes with the row (every
 * such table's user_id cascades).
 */
export async function deleteAccountRows(db: Database, userId: string): Promise<void> {
  await runBatch(db, [
    raw(db, "DELETE FROM article_reports WHERE reporter_id = ?", userId),
    raw(db, "UPDATE article_reports SET resolved_by = NULL WHERE resolved_by = ?", userId),
    raw(db, "UPDATE articles SET hidden_by = NULL WHERE hidden_by = ?", userId),
    raw(db, "DELETE FROM submissions WHERE user_id = ?", userId),
    raw(db, "DELETE FROM sign_in_codes WHERE user_id = ?", userId),
    raw(db, "DELETE FROM sessions WHERE user_id = ?", userId),
    statement(db, userLimitsDeletion(db, userId)),
    raw(db, "DELETE FROM users WHERE id = ?", userId),
  ]);
}
