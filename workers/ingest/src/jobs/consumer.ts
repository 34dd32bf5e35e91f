// The ingestion queue's consumer (and its dead-letter queue's): job states are recorded, failures
// retried with backoff and finally dead-lettered, where the job is marked failed and a reader's
// submission ends as failed (docs/decisions/003-queue-job-tracking.md).
import { INGEST_JOBS } from "@unbiased/worker-shared/contracts/ingest";
import { createDb } from "@unbiased/worker-shared/db/client";
import { sendInboxEntriesSoon } from "@unbiased/worker-shared/inbox/outbox";
import { type JobHandler, type JobMessage, runJobBatch } from "@unbiased/worker-shared/queue/jobs";
import { ingestConfig } from "../config.ts";
import type { IngestContext } from "./context.ts";
import { failSubmissionOfDeadJob, ingestArticle } from "./ingest-article.ts";
import { pollSources } from "./poll-sources.ts";
import { refreshSummaries } from "./refresh-summaries.ts";

const handlers: Record<string, JobHandler<IngestContext>> = {
  [INGEST_JOBS.pollSources]: pollSources,
  [INGEST_JOBS.ingestArticle]: ingestArticle,
  [INGEST_JOBS.refreshSummaries]: refreshSummaries,
};

export async function handleIngestBatch(
  batch: MessageBatch<JobMessage>,
  env: Env,
  ctx: ExecutionContext,
): Promise<void> {
  const db = createDb(env.DB);
  await runJobBatch(batch, db, handlers, { env, db, config: ingestConfig(env) }, (job, lastError) =>
    failSubmissionOfDeadJob(db, job, lastError),
  );
  // A submission that ended wrote its submitter an inbox entry.
  sendInboxEntriesSoon(env, ctx);
}
