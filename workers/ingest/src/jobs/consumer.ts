// The ingestion queue's consumer: job states are recorded, failures retried with backoff and finally
// sent to the dead-letter queue by runJobBatch (docs/decisions/003-queue-job-tracking.md).
import { INGEST_JOBS } from "@unbiased/worker-shared/contracts/ingest";
import { createDb } from "@unbiased/worker-shared/db/client";
import { runJobBatch, type JobHandler, type JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { ingestConfig } from "../config.ts";
import type { IngestContext } from "./context.ts";
import { ingestArticle } from "./ingest-article.ts";
import { pollSources } from "./poll-sources.ts";

const handlers: Record<string, JobHandler<IngestContext>> = {
  [INGEST_JOBS.pollSources]: pollSources,
  [INGEST_JOBS.ingestArticle]: ingestArticle,
};

export async function handleIngestBatch(
  batch: MessageBatch<JobMessage>,
  env: Env,
  _ctx: ExecutionContext,
): Promise<void> {
  const db = createDb(env.DB);
  await runJobBatch(batch, db, handlers, { env, db, config: ingestConfig(env) });
}
