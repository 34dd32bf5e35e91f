// Ingestion queue consumer. The ingestion issue adds feed reading, extraction and summaries; until
// then "sources.poll" records when each active source was last polled.
import { eq } from "drizzle-orm";
import { createDb, type Database } from "@unbiased/worker-shared/db/client";
import { sources } from "@unbiased/worker-shared/db/schema/index";
import { runJobBatch, type JobHandler, type JobMessage } from "@unbiased/worker-shared/queue/jobs";

type IngestContext = { env: Env; db: Database };

const handlers: Record<string, JobHandler<IngestContext>> = {
  "sources.poll": async (_payload, { db }) => {
    const active = await db.select({ id: sources.id }).from(sources).where(eq(sources.active, true));
    const now = Date.now();
    for (const source of active) {
      await db.update(sources).set({ lastFetchedAt: now }).where(eq(sources.id, source.id));
    }
  },
};

export async function handleIngestBatch(batch: MessageBatch<JobMessage>, env: Env, _ctx: ExecutionContext): Promise<void> {
  const db = createDb(env.DB);
  await runJobBatch(batch, db, handlers, { env, db });
}
