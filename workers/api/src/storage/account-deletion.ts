// The gateway's tables in an account deletion (ADR 017): after every session has ended
// (storage/sessions.ts) and the votes and comments workers have taken out theirs, the user's own rows
// go in one batch, the user row with them.

import type { Database } from "@unbiased/worker-shared/db/client";
import { raw, runBatch, statement } from "@unbiased/worker-shared/db/raw-batch";
import { userLimitsDeletion } from "@unbiased/worker-shared/limits/rate-limit";

/**
 * The rest, in one batch: the article reports they filed and their submissions; their id cleared where
 * they acted as staff (an article they hid, a report they resolved), which refers to the user row;
 * their sign-in codes, sessions kept in D1 before the UserSessions objects (with any refresh-token
 * hashes spent before the numbered line, by cascade) and rate-limit windows; then the user row.
 * Anything a request in flight added meanwhile goes with the row (every such table's user_id cascades).
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
