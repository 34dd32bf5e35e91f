// Cron: each run puts one "poll the sources" job on the ingestion queue; the consumer does the work,
// so a slow feed never holds up the scheduler and failures get the queue's retries. It also deletes
// the queue's job rows untouched for a week (ADR 003's rows, one per message: a poll every 15 minutes
// and one per article fetched), which nothing reads after their work is done; the submission keeps its
// own status.
import { INGEST_JOBS, INGEST_QUEUE_NAME } from "@unbiased/worker-shared/contracts/ingest";
import { createDb } from "@unbiased/worker-shared/db/client";
import { purgeJobs } from "@unbiased/worker-shared/queue/batch-jobs";
import { enqueueJob } from "@unbiased/worker-shared/queue/jobs";

export interface PollReason {
  cron?: string;
  scheduledTime?: number;
  /** Set when a developer asked for a poll (the local stack's first run, or by hand). */
  requestedBy?: string;
}

export const enqueuePoll = (env: Env, reason: PollReason) =>
  enqueueJob(createDb(env.DB), env.INGEST_QUEUE, INGEST_QUEUE_NAME, INGEST_JOBS.pollSources, reason);

export async function handleScheduled(
  controller: ScheduledController,
  env: Env,
  _ctx: ExecutionContext,
): Promise<void> {
  // Each runs even when the other fails; the poll's failure is the run's.
  const [poll, purge] = await Promise.allSettled([
    enqueuePoll(env, { cron: controller.cron, scheduledTime: controller.scheduledTime }),
    purgeIngestJobs(env.DB, controller.scheduledTime),
  ]);
  if (purge.status === "rejected")
    console.error("ingest: the job rows' purge failed; the next run tries again:", purge.reason);
  if (poll.status === "rejected") throw poll.reason;
}

/** How long an ingest job's row is kept after its last change (a failed one's kept body with it). */
export const INGEST_JOB_RETENTION_MS = 7 * 24 * 3600_000;

export const purgeIngestJobs = (d1: D1Database, now = Date.now()) =>
  purgeJobs(createDb(d1), INGEST_QUEUE_NAME, now - INGEST_JOB_RETENTION_MS);
