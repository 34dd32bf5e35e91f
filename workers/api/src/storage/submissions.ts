// Readers' URL submissions: each is recorded, then either matched to an existing article at once or
// queued for the ingest worker, which completes it.

import type { SubmissionStatus } from "@unbiased/worker-shared/contracts/ingest";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articles, submissions } from "@unbiased/worker-shared/db/schema/index";
import { and, eq } from "drizzle-orm";

/** The visible article stored under this canonical URL, if any. */
export async function findVisibleArticleIdByUrl(db: Database, canonicalUrl: string): Promise<string | null> {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.url, canonicalUrl), eq(articles.status, "visible")));
  return row?.id ?? null;
}

type NewSubmission = {
  userId: string;
  url: string;
  canonicalUrl: string;
  status: SubmissionStatus;
  articleId?: string | null;
};

/** A submission's insert, not yet run: a queued one is written in its ingest job's batch. */
export function submissionInsert(db: Database, input: NewSubmission) {
  const id = crypto.randomUUID();
  const now = Date.now();
  const statement = db
    .insert(submissions)
    .values({ id, ...input, articleId: input.articleId ?? null, createdAt: now, updatedAt: now });
  return { id, statement };
}

export async function recordSubmission(db: Database, input: NewSubmission): Promise<string> {
  const { id, statement } = submissionInsert(db, input);
  await statement;
  return id;
}

export async function failSubmission(db: Database, submissionId: string, error: string): Promise<void> {
  await db
    .update(submissions)
    .set({ status: "failed", error, updatedAt: Date.now() })
    .where(eq(submissions.id, submissionId));
}
