// POST /api/submissions/url (spec §7): a signed-in reader, not banned, suggests a page. The URL is
// checked at once (a clear 400 for anything the pipeline would refuse to fetch), canonicalised, and
// either matched to the article already stored under it or queued for the ingest worker.

import { requireAuth } from "@unbiased/worker-shared/auth/middleware";
import {
  type ArticleIngestPayload,
  INGEST_JOBS,
  INGEST_QUEUE_NAME,
  SUBMIT_URL_MESSAGES,
  type SubmitUrlResult,
} from "@unbiased/worker-shared/contracts/ingest";
import { SubmitUrlSchema } from "@unbiased/worker-shared/contracts/ingest.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { badRequest } from "@unbiased/worker-shared/http/errors";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { consume, userLimitKey } from "@unbiased/worker-shared/limits/rate-limit";
import { enqueueJob } from "@unbiased/worker-shared/queue/jobs";
import { canonicalizeUrl } from "@unbiased/worker-shared/urls/canonical-url";
import { allowedOriginsFrom, checkPublicUrl } from "@unbiased/worker-shared/urls/public-url";
import { Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import {
  failSubmission,
  findVisibleArticleIdByUrl,
  recordSubmission,
  submissionInsert,
} from "../storage/submissions.ts";

export const submissionRoutes = new Hono<ApiEnv>();
// A D1 failure answers 503 + Retry-After with spec §8's message for the route (http/unavailable.ts);
// the line below only sets that message and hands on to the route itself.
submissionRoutes.post("/url", failureMessage(SUBMIT_URL_MESSAGES.failed));

submissionRoutes.post("/url", requireAuth(), validate("json", SubmitUrlSchema), async (c) => {
  const { url } = c.req.valid("json");
  const check = checkPublicUrl(url, { allowedOrigins: allowedOriginsFrom(c.env.NEWSWIRE_ORIGIN) });
  if (!check.ok) throw badRequest(check.reason);
  const db = createDb(c.env.DB);
  const userId = c.get("principal").userId;
  await consume(db, userLimitKey("submission", userId), RATE_LIMITS.submissions);

  const canonicalUrl = canonicalizeUrl(check.url);
  const articleId = await findVisibleArticleIdByUrl(db, canonicalUrl);
  if (articleId) {
    const submissionId = await recordSubmission(db, { userId, url, canonicalUrl, status: "duplicate", articleId });
    return ok<SubmitUrlResult>(c, { submissionId, status: "duplicate", articleId });
  }
  // The submission is written in its job's batch (both or neither): a D1 failure leaves no queued
  // submission that no job will ever complete.
  const submission = submissionInsert(db, { userId, url, canonicalUrl, status: "queued" });
  const submissionId = submission.id;
  const payload: ArticleIngestPayload = { url: canonicalUrl, submissionId };
  try {
    await enqueueJob(db, c.env.INGEST_QUEUE, INGEST_QUEUE_NAME, INGEST_JOBS.ingestArticle, payload, {
      requestId: c.get("requestId"),
      alongside: [submission.statement],
    });
  } catch (err) {
    // Rows are there only when the send failed after the batch: the submission then says it failed.
    await failSubmission(db, submissionId, `queue send failed: ${String(err)}`);
    throw err;
  }
  return ok<SubmitUrlResult>(c, { submissionId, status: "queued" }, 202);
});
