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

export async function recordSubmission(
  db: Database,
  input: { userId: string; url: string; canonicalUrl: string; status: SubmissionStatus; articleId?: string | null },
): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await db
    .insert(submissions)
    .values({ id, ...input, articleId: input.articleId ?? null, createdAt: now, updatedAt: now });
  return id;
}

export async function failSubmission(db: Database, submissionId: string, error: string): Promise<void> {
  await db
    .update(submissions)
    .set({ status: "failed", error, updatedAt: Date.now() })
    .where(eq(submissions.id, submissionId));
}
