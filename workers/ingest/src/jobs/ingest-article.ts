// "article.ingest": one page becomes one article. Dedupe first (the URL as given, then the page's
// canonical URL), so the same story arriving twice maps to the existing article, whose publication time
// a newer feed date moves forward. A new article is stored in one batch (article, categories, content
// version, submission outcome), then assigned to an event.
import { type ArticleIngestPayload, INGEST_JOBS } from "@unbiased/worker-shared/contracts/ingest";
import { ArticleIngestPayloadSchema } from "@unbiased/worker-shared/contracts/ingest.schema";
import { bumpContentVersion } from "@unbiased/worker-shared/db/content-version";
import { runBatch, type Statement } from "@unbiased/worker-shared/db/raw-batch";
import { isPermanentFailure, type JobHandler, type JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { canonicalizeUrl } from "@unbiased/worker-shared/urls/canonical-url";
import { assignEvent } from "../events/assign-event.ts";
import { buildArticle } from "../pipeline/build-article.ts";
import { readArticle } from "../pipeline/read-article.ts";
import { refreshTime } from "../pipeline/refresh-time.ts";
import { findArticleByUrl, insertArticle, type KnownArticle } from "../storage/articles.ts";
import { sourceName } from "../storage/sources.ts";
import { completeSubmission } from "../storage/submissions.ts";
import type { IngestContext } from "./context.ts";

export const ingestArticle: JobHandler<IngestContext> = async (rawPayload, ctx) => {
  const payload = ArticleIngestPayloadSchema.parse(rawPayload);
  try {
    await ingest(payload, ctx);
  } catch (err) {
    // A failure no retry can fix: the reader's submission ends as failed now (after transient ones
    // it ends when the retries run out: failSubmissionOfDeadJob).
    if (payload.submissionId && isPermanentFailure(err)) {
      const submission = { id: payload.submissionId, url: payload.url };
      await failSubmission(ctx.db, submission, err instanceof Error ? err.message : String(err));
    }
    throw err;
  }
};

const failSubmission = (db: IngestContext["db"], submission: { id: string; url: string }, error: string) =>
  runBatch(db, completeSubmission(db, submission, { status: "failed", error }));

/** The dead-letter consumer's part: an article job whose retries ran out ends its reader's submission. */
export async function failSubmissionOfDeadJob(db: IngestContext["db"], job: JobMessage, lastError: string) {
  if (job.kind !== INGEST_JOBS.ingestArticle) return;
  const parsed = ArticleIngestPayloadSchema.safeParse(job.payload);
  if (parsed.success && parsed.data.submissionId)
    await failSubmission(db, { id: parsed.data.submissionId, url: parsed.data.url }, lastError);
}

async function ingest(payload: ArticleIngestPayload, { db, config }: IngestContext): Promise<void> {
  const known = await findArticleByUrl(db, canonicalizeUrl(payload.url));
  if (known) return keepExisting(payload, known, db);

  const read = await readArticle(payload.url, config);
  const existing = await findArticleByUrl(db, read.canonicalUrl);
  if (existing) return keepExisting(payload, existing, db);

  const context = {
    sourceId: payload.sourceId ?? null,
    sourceName: payload.sourceId ? await sourceName(db, payload.sourceId) : null,
    feedCategories: payload.feedCategories ?? [],
    feedPublishedAt: payload.publishedAt ?? null,
  };
  const { row, categories } = await buildArticle(read, context, config);
  const statements: Statement[] = [...insertArticle(db, row, categories), bumpContentVersion(db)];
  if (payload.submissionId)
    statements.push(
      ...completeSubmission(
        db,
        { id: payload.submissionId, url: payload.url },
        { status: "done", article: { id: row.id, title: row.title } },
      ),
    );
  await runBatch(db, statements);
  await assignEvent(db, row.id);
}

/**
 * The story is already an article: move its time forward for a newer feed date, finish a submission,
 * and make sure it has had its event assignment (a retry may follow a failed one).
 */
async function keepExisting(
  payload: ArticleIngestPayload,
  known: KnownArticle,
  db: IngestContext["db"],
): Promise<void> {
  const statements = refreshTime(db, known, payload.publishedAt);
  if (payload.submissionId)
    statements.push(
      ...completeSubmission(
        db,
        { id: payload.submissionId, url: payload.url },
        { status: "duplicate", article: { id: known.id, title: known.title } },
      ),
    );
  await runBatch(db, statements);
  if (!known.eventId && known.status === "visible") await assignEvent(db, known.id);
}
