// Cron: each run puts one "poll the sources" job on the ingestion queue; the consumer does the work,
// so a slow feed never holds up the scheduler and failures get the queue's retries.
import { createDb } from "@unbiased/worker-shared/db/client";
import { enqueueJob } from "@unbiased/worker-shared/queue/jobs";

export const INGEST_QUEUE_NAME = "unbiased-ingest";

export async function handleScheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
  await enqueueJob(createDb(env.DB), env.INGEST_QUEUE, INGEST_QUEUE_NAME, "sources.poll", { cron: controller.cron, scheduledTime: controller.scheduledTime });
}
