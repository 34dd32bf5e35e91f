// comment-events queue consumer. "comment.created" runs the automatic moderation of a new comment
// (moderation/auto-moderate.ts); a kind without a handler fails its job, is retried, and ends in the
// dead-letter queue rather than vanishing. Jobs are tracked per batch (ADR 022 step 25): the post
// writes no job row, and a batch's successes are one row counting them; a failure gets its own row. The
// decision is idempotent (it acts only on a comment still pending with no reason), so a redelivered
// message changes nothing.

import { QUEUE_JOBS_WINDOW_MS } from "@unbiased/worker-shared/contracts/moderation";
import { createDb, type Database } from "@unbiased/worker-shared/db/client";
import { sendInboxEntriesSoon } from "@unbiased/worker-shared/inbox/outbox";
import { purgeJobs, runJobsTrackedPerBatch } from "@unbiased/worker-shared/queue/batch-jobs";
import type { JobHandler, JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { autoModerate } from "../moderation/auto-moderate.ts";
import { moderationPolicy } from "../moderation/policy.ts";
import { sendReputationEntriesSoon } from "../storage/reputation-outbox.ts";

export const COMMENT_EVENTS_QUEUE = "unbiased-comment-events";

export const COMMENT_CREATED = "comment.created";
export interface CommentCreatedPayload {
  commentId: string;
}

type CommentJobContext = { env: Env; db: Database };

export const commentJobHandlers: Record<string, JobHandler<CommentJobContext>> = {
  [COMMENT_CREATED]: async (payload, { db, env }) => {
    const { commentId } = payload as CommentCreatedPayload;
    if (typeof commentId !== "string") throw new Error("comment.created without a commentId");
    await autoModerate(env, db, moderationPolicy(env), commentId);
  },
};

export async function handleCommentEvents(
  batch: MessageBatch<JobMessage>,
  env: Env,
  ctx: ExecutionContext,
): Promise<void> {
  const db = createDb(env.DB);
  await runJobsTrackedPerBatch(batch, db, commentJobHandlers, { env, db });
  // An automatic approval of a reply wrote its parent's author an entry.
  sendInboxEntriesSoon(env, ctx);
  sendReputationEntriesSoon(env, ctx);
}

/** The cron's: job rows older than the status window count nowhere, so they go (a failed one's body too). */
export const purgeCommentJobs = (db: Database, now = Date.now()) =>
  purgeJobs(db, COMMENT_EVENTS_QUEUE, now - QUEUE_JOBS_WINDOW_MS);
