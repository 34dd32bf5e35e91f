// The pipeline's side of URL submissions: each one ends as done, duplicate (with the article it
// matched) or failed, and its submitter's inbox is told so in the same batch (docs/decisions/026-inbox.md).

import type { InboxEntryInput } from "@unbiased/worker-shared/contracts/inbox";
import type { SubmissionStatus } from "@unbiased/worker-shared/contracts/ingest";
import { articlePath } from "@unbiased/worker-shared/contracts/paths";
import type { Database } from "@unbiased/worker-shared/db/client";
import type { Statement } from "@unbiased/worker-shared/db/raw-batch";
import { submissions } from "@unbiased/worker-shared/db/schema/index";
import { inboxEntryStatement } from "@unbiased/worker-shared/inbox/outbox";
import { eq } from "drizzle-orm";

/** How a submission ended: with its article (done, duplicate) or with why it failed. */
export type SubmissionOutcome =
  | { status: Extract<SubmissionStatus, "done" | "duplicate">; article: { id: string; title: string } }
  | { status: "failed"; error: string };

const ENTRY_TYPES = {
  done: "submission-added",
  duplicate: "submission-duplicate",
  failed: "submission-failed",
} as const;

/** How much of a failure's message an entry keeps. */
const FAILURE_CHARS = 500;

/** Where a failed submission's entry leads: the front page, whose header submits links. */
const FRONT_PAGE = "/";

export function completeSubmission(
  db: Database,
  submission: { id: string; url: string },
  outcome: SubmissionOutcome,
  now = Date.now(),
): Statement[] {
  const article = outcome.status === "failed" ? null : outcome.article;
  const entry: InboxEntryInput = {
    id: `submission:${submission.id}`,
    type: ENTRY_TYPES[outcome.status],
    at: now,
    link: article ? articlePath(article) : FRONT_PAGE,
    subject: article ? article.title : submission.url,
    // A failure's message can hold the whole address; the entry keeps its start.
    reason: outcome.status === "failed" ? outcome.error.slice(0, FAILURE_CHARS) : null,
    actorName: null,
    excerpt: null,
  };
  const submitter = { sql: "SELECT user_id FROM submissions WHERE id = ?", params: [submission.id] };
  return [
    db
      .update(submissions)
      .set({
        status: outcome.status,
        articleId: article?.id ?? null,
        error: outcome.status === "failed" ? outcome.error : null,
        updatedAt: now,
      })
      .where(eq(submissions.id, submission.id)),
    inboxEntryStatement(db, submitter, entry, undefined, now),
  ];
}
