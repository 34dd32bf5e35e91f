// "summaries.refresh": stored articles catch up with the summarizer. Each job takes the next batch of
// articles an older SUMMARIZER_VERSION wrote (in id order, after the payload's cursor), summarizes
// them again from their stored text, writes them with the current version in one batch (with the
// content version, so cached pages let go of the old text), lets their events choose their main
// TLDR again, and queues the next batch while it found a full one. The progress is the version
// column itself: a chain cut short leaves its rows stale, and the next poll starts a new one.
import { INGEST_JOBS, INGEST_QUEUE_NAME } from "@unbiased/worker-shared/contracts/ingest";
import { SummaryRefreshPayloadSchema } from "@unbiased/worker-shared/contracts/ingest.schema";
import { bumpContentVersion } from "@unbiased/worker-shared/db/content-version";
import { runBatch, type Statement } from "@unbiased/worker-shared/db/raw-batch";
import { queueJobs } from "@unbiased/worker-shared/db/schema/index";
import { enqueueJob, type JobHandler } from "@unbiased/worker-shared/queue/jobs";
import { SUMMARIZER_VERSION } from "@unbiased/worker-shared/summarizer/version";
import { and, eq, inArray } from "drizzle-orm";
import { describeEventAgain } from "../events/assign-event.ts";
import { summarizeStored, summaryColumns } from "../pipeline/summary-fields.ts";
import {
  type ArticleUpdate,
  hasStaleSummaries,
  type StaleArticle,
  staleSummaries,
  updateArticle,
} from "../storage/articles.ts";
import { describeEvent } from "../storage/events.ts";
import type { IngestContext } from "./context.ts";

/** Articles per job: the offline summarizer takes a few milliseconds each, and one D1 batch writes them. */
export const REFRESH_BATCH = 20;

export const refreshSummaries: JobHandler<IngestContext> = async (rawPayload, ctx) => {
  const { after = "", limit = REFRESH_BATCH } = SummaryRefreshPayloadSchema.parse(rawPayload ?? {});
  const stale = await staleSummaries(ctx.db, SUMMARIZER_VERSION, after, limit);
  const updates: Statement[] = [];
  for (const article of stale) {
    const fields = await summarizeAgain(article, ctx);
    if (fields) updates.push(updateArticle(ctx.db, article.id, fields));
  }
  if (updates.length > 0) await runBatch(ctx.db, [...updates, bumpContentVersion(ctx.db)]);
  const events = new Set(stale.map((article) => article.eventId).filter((id): id is string => id !== null));
  const descriptions: Statement[] = [];
  for (const eventId of events) {
    const description = await describeEventAgain(ctx.db, eventId);
    if (description) descriptions.push(describeEvent(ctx.db, eventId, description));
  }
  await runBatch(ctx.db, descriptions);
  const last = stale.at(-1);
  if (last && stale.length === limit) {
    await enqueueJob(ctx.db, ctx.env.INGEST_QUEUE, INGEST_QUEUE_NAME, INGEST_JOBS.refreshSummaries, {
      after: last.id,
      limit,
    });
  }
};

/**
 * The article's new summaries, or null (logged) when the summarizer fails on it. Fields, not the
 * update statement: a query builder returned from an async function would be run on the spot.
 */
async function summarizeAgain(article: StaleArticle, { config }: IngestContext): Promise<ArticleUpdate | null> {
  try {
    return summaryColumns(await summarizeStored(config.summarizer, article));
  } catch (err) {
    // Left stale: the chain goes on past it, and the next one tries it again.
    console.error(
      `summaries.refresh: ${article.id} kept its summaries: ${err instanceof Error ? err.message : String(err)}`,
    );
    return null;
  }
}

/**
 * Starts the catch-up when some article is stale and no refresh job is already waiting or running
 * (one chain at a time). The poll calls it, so the cron and every `npm start` resume an unfinished one.
 */
export async function startSummaryRefresh({ db, env }: Pick<IngestContext, "db" | "env">): Promise<string | null> {
  if (!(await hasStaleSummaries(db, SUMMARIZER_VERSION))) return null;
  const [running] = await db
    .select({ id: queueJobs.id })
    .from(queueJobs)
    .where(and(eq(queueJobs.kind, INGEST_JOBS.refreshSummaries), inArray(queueJobs.status, ["pending", "processing"])))
    .limit(1);
  if (running) return null;
  return enqueueJob(db, env.INGEST_QUEUE, INGEST_QUEUE_NAME, INGEST_JOBS.refreshSummaries, {});
}
