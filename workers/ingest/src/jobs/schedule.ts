// Cron: each run puts one "poll the sources" job on the ingestion queue; the consumer does the work,
// so a slow feed never holds up the scheduler and failures get the queue's retries.
import { INGEST_JOBS, INGEST_QUEUE_NAME } from "@unbiased/worker-shared/contracts/ingest";
import { createDb } from "@unbiased/worker-shared/db/client";
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
  await enqueuePoll(env, { cron: controller.cron, scheduledTime: controller.scheduledTime });
}
