// ModMe's Approved tab lists the last APPROVED_TAB_DAYS of approvals (ADR 022 step 21): its index is
// partial, over the comments flagged `in_approved_tab`. An approval sets the flag and every move out
// of approved clears it (comment-status.ts, reputation.ts, user-erasure.ts); this clears it on the
// approvals that grew older, so the index holds days of approvals, never every approved comment.
import { approvedTabSince } from "@unbiased/worker-shared/contracts/moderation";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";

/** Comments taken off the tab per statement; a run goes on while statements come back full. */
const PER_ROUND = 500;
/** Up to 50,000 a run, every 5 minutes: about 14 M a day, against about 1 M approvals a day at 10 M readers. */
const ROUNDS = 100;

/**
 * A round of approvals older than a time, oldest first: a walk of the tab's own index from its oldest
 * end (the literal flag is what lets SQLite use the partial index).
 */
export const OLD_APPROVALS =
  "SELECT rowid FROM comments WHERE in_approved_tab = 1 AND approved_at < ? ORDER BY approved_at LIMIT ?";

/**
 * Flagged rows that are no approval (approved_at NULL): what an update written before the flag existed
 * left behind (a worker of the previous deploy, in the minutes after the migration), taken off too.
 */
export const FLAGGED_UNAPPROVED =
  "SELECT rowid FROM comments WHERE in_approved_tab = 1 AND approved_at IS NULL LIMIT ?";

/** Takes approvals older than the tab's days off it, oldest first; returns how many left it. */
export async function endOldApprovals(db: Database, now = Date.now(), rounds = ROUNDS): Promise<number> {
  const { meta: strays } = await raw(
    db,
    `UPDATE comments SET in_approved_tab = 0 WHERE rowid IN (${FLAGGED_UNAPPROVED})`,
    PER_ROUND,
  ).run();
  let ended = strays.changes;
  for (let round = 0; round < rounds; round++) {
    const { meta } = await raw(
      db,
      `UPDATE comments SET in_approved_tab = 0 WHERE rowid IN (${OLD_APPROVALS})`,
      approvedTabSince(now),
      PER_ROUND,
    ).run();
    ended += meta.changes;
    if (meta.changes < PER_ROUND) break;
  }
  return ended;
}
