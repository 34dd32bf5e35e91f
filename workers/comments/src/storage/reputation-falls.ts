// A user's score crossing below 0 sends their approved comments back to the moderation queue (spec §4).
// The change's own batch records the fall (`reputation_falls`, reputation.ts); its comments then go
// back here, one thread at a time, each a status change its thread decides (ADR 022 steps 28, 29), and
// the row goes once they all have: no single statement changes comments of several threads.
//
// Whoever made the change settles its fall right after its batch (a moderator's adjustment, a
// deactivation's penalty, a thread's vote copies); a fall left by a failure there is settled by the
// comments worker's cron. Only comments approved before the fall go back, so a moderator may still
// approve a restricted user's comment without the settling of an older fall undoing it.

import { groupBy } from "@unbiased/worker-shared/collections/group-by";
import { COMMENT_STATUS_REASONS } from "@unbiased/worker-shared/contracts/comments";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw, runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { recorded, recordingDb } from "@unbiased/worker-shared/db/recorded-statement";
import { logLine } from "@unbiased/worker-shared/http/trace";
import { recordOfRow, statusUpdateStatement } from "./comment-records.ts";
import type { CommentRow } from "./comments.ts";
import { getReputation, type ReputationChange, reputationChangeStatements, type UserReputation } from "./reputation.ts";
import { changeStatuses } from "./status-changes.ts";

interface Fall {
  userId: string;
  fellAt: number;
}

/** Falls the cron settles a run: each is one left behind by a failure, so there are few. */
const FALLS_PER_RUN = 100;

/**
 * Settles the falls of these users, if their changes recorded any. Never throws: the change it follows
 * is in, and a fall left unsettled is the cron's.
 */
export async function settleReputationFalls(env: Env, db: Database, userIds: readonly string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  try {
    const { results } = await raw(
      db,
      `SELECT user_id AS userId, fell_at AS fellAt FROM reputation_falls
       WHERE user_id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(unique),
    ).all<Fall>();
    for (const fall of results) await settle(env, db, fall);
  } catch (error) {
    logLine("error", { msg: "reputation fall left for the cron", users: unique.length, error: String(error) });
  }
}

/** The cron's run: every fall a failed settling left behind. Returns how many it settled. */
export async function settleLeftReputationFalls(env: Env, db: Database): Promise<number> {
  const { results } = await raw(
    db,
    "SELECT user_id AS userId, fell_at AS fellAt FROM reputation_falls LIMIT ?",
    FALLS_PER_RUN,
  ).all<Fall>();
  let settled = 0;
  for (const fall of results) {
    try {
      await settle(env, db, fall);
      settled += 1;
    } catch (error) {
      // One fall's failure (a thread out of reach) leaves it for the next run, not the others.
      logLine("error", { msg: "reputation fall left for the next run", userId: fall.userId, error: String(error) });
    }
  }
  return settled;
}

/** Applies one change in its own batch, settles a fall it made, and returns the reputation after it. */
export async function applyReputationChange(env: Env, db: Database, change: ReputationChange): Promise<UserReputation> {
  await runBatch(db, reputationChangeStatements(db, change));
  await settleReputationFalls(env, db, [change.userId]);
  return getReputation(db, change.userId);
}

/**
 * The user's comments approved before the fall go back to the queue, each a status change its thread
 * decides (a thread's in one call); then the row goes, unless a newer fall moved it on meanwhile (that
 * one is settled in its turn). The candidates are the comments D1 has approved or pending from before
 * the fall: an approval D1 has yet to take shows there as pending, and only the thread knows.
 */
async function settle(env: Env, db: Database, fall: Fall): Promise<void> {
  const { results } = await raw(
    db,
    `SELECT id, article_id AS articleId, user_id AS userId, parent_id AS parentId, status,
            status_reason AS statusReason, created_at AS createdAt, updated_at AS updatedAt, approved_at AS approvedAt
     FROM comments WHERE user_id = ? AND status IN ('approved', 'pending') AND created_at <= ?`,
    fall.userId,
    fall.fellAt,
  ).all<CommentRow>();
  const byThread = groupBy(
    results,
    (row) => row.articleId,
    (row) => row,
  );
  for (const [articleId, rows] of byThread) await returnToQueue(env, db, articleId, fall.userId, rows, fall.fellAt);
  await raw(db, "DELETE FROM reputation_falls WHERE user_id = ? AND fell_at = ?", fall.userId, fall.fellAt).run();
}

/**
 * approved → pending with the fall's reason, for comments of one thread: each only while its thread
 * holds it approved from before the fall (a moderator's later approval or decision stands). It leaves
 * the Approved tab; nobody is told (the author's score already says why).
 */
async function returnToQueue(
  env: Env,
  db: Database,
  articleId: string,
  authorId: string,
  rows: CommentRow[],
  fellAt: number,
): Promise<void> {
  const now = Date.now();
  const rec = recordingDb();
  await changeStatuses(
    env,
    db,
    articleId,
    rows.map((row) => ({
      commentId: row.id,
      authorId,
      from: ["approved"],
      to: "pending",
      reason: COMMENT_STATUS_REASONS.negativeReputation,
      at: now,
      approvedBefore: fellAt,
      read: recordOfRow(row),
      statements: recorded([
        statusUpdateStatement(rec, row.id, {
          to: "pending",
          reason: COMMENT_STATUS_REASONS.negativeReputation,
          approvedAt: null,
          at: now,
        }),
      ]),
    })),
  );
}
