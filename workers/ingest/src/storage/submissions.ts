// The pipeline's side of URL submissions: each one ends as done, duplicate (with the article it
// matched) or failed.

import type { SubmissionStatus } from "@unbiased/worker-shared/contracts/ingest";
import type { Database } from "@unbiased/worker-shared/db/client";
import type { Statement } from "@unbiased/worker-shared/db/raw-batch";
import { submissions } from "@unbiased/worker-shared/db/schema/index";
import { eq } from "drizzle-orm";

export const completeSubmission = (
  db: Database,
  submissionId: string,
  outcome: { status: SubmissionStatus; articleId?: string | null; error?: string | null },
): Statement =>
  db
    .update(submissions)
    .set({
      status: outcome.status,
      articleId: outcome.articleId ?? null,
      error: outcome.error ?? null,
      updatedAt: Date.now(),
    })
    .where(eq(submissions.id, submissionId));
