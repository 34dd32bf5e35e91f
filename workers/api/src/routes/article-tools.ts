// Staff article tools (spec §7, §2 Article page extras): moderators regenerate an article's summary,
// location or image; admins hide it. The regenerations run in the ingest worker (service binding, RPC)
// so the summarizer and gazetteer stay out of this bundle; each one, and every hide, is written to the
// moderation log with its actor and bumps the content version.

import { admins, staff } from "@unbiased/worker-shared/auth/staff";
import { servedImageUrl } from "@unbiased/worker-shared/contracts/images";
import {
  type RegenerateLocationResponse,
  type RegenerateOutcome,
  type RegenerateTarget,
  STAFF_TOOL_MESSAGES,
} from "@unbiased/worker-shared/contracts/ingest";
import { HideArticleSchema } from "@unbiased/worker-shared/contracts/ingest.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { forgetRecentContentVersion } from "@unbiased/worker-shared/db/content-version";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { ApiError, notFound } from "@unbiased/worker-shared/http/errors";
import { validate } from "@unbiased/worker-shared/http/validator";
import { sendInboxEntriesSoon } from "@unbiased/worker-shared/inbox/outbox";
import { type Context, Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import { ingestService, votesService } from "../services.ts";
import { articleExists, hideArticle } from "../storage/article-moderation.ts";

export const articleToolRoutes = new Hono<ApiEnv>();
// A D1 failure answers 503 + Retry-After with spec §8's message for the route (http/unavailable.ts);
// each line below only sets that message and hands on to the route itself.
articleToolRoutes.put("/admin/:id/hide", failureMessage(STAFF_TOOL_MESSAGES.hideFailed));

async function regenerate<T extends RegenerateTarget>(c: Context<ApiEnv>, articleId: string, target: T) {
  let outcome: RegenerateOutcome<T>;
  try {
    // The interface names the outcome for any target; this call's target decides which one it is.
    outcome = (await ingestService(c.env).regenerate(
      articleId,
      target,
      c.get("principal").userId,
    )) as RegenerateOutcome<T>;
  } catch (err) {
    console.error(`regenerate ${target} failed:`, err);
    throw new ApiError(502, STAFF_TOOL_MESSAGES.failed[target]);
  } finally {
    // The ingest worker may have bumped the version (even if the answer then failed to arrive): the
    // staff member's next read here should show the change.
    forgetRecentContentVersion();
  }
  if (!outcome.ok) throw notFound(outcome.error);
  return outcome.data;
}

articleToolRoutes.post("/:id/regenerate-summary", staff, async (c) =>
  c.json({
    success: true as const,
    data: { id: c.req.param("id"), ...(await regenerate(c, c.req.param("id"), "summary")) },
    message: STAFF_TOOL_MESSAGES.regenerated.summary,
  }),
);

articleToolRoutes.post("/:id/regenerate-image", staff, async (c) => {
  const id = c.req.param("id");
  const image = await regenerate(c, id, "image");
  return c.json({
    success: true as const,
    // The address pages show it at (the proxy's, for a publisher's picture), as the article API gives it.
    data: { id, ...image, thumbnailUrl: servedImageUrl(id, image.thumbnailUrl) },
    message: STAFF_TOOL_MESSAGES.regenerated.image,
  });
});

// Spec §7: this one answers {success, location, message}; no place found is a result, not an error.
articleToolRoutes.post("/:id/regenerate-location", staff, async (c) => {
  const fields = await regenerate(c, c.req.param("id"), "location");
  const found = fields.location !== null;
  return c.json<RegenerateLocationResponse>({
    success: true,
    location: found ? fields : null,
    message: found ? STAFF_TOOL_MESSAGES.regenerated.location : STAFF_TOOL_MESSAGES.noLocation,
  });
});

articleToolRoutes.put("/admin/:id/hide", admins, validate("json", HideArticleSchema), async (c) => {
  const { reason } = c.req.valid("json");
  const articleId = c.req.param("id");
  const db = createDb(c.env.DB);
  if (!(await articleExists(db, articleId))) throw notFound("Article not found");
  // The votes object first: it refuses votes and count reads before the hide is recorded and answered
  // (the comments worker and the image proxy read the article's status on every request). A failure
  // here leaves nothing recorded, and the admin's retry does both.
  await votesService(c.env).hideArticle(articleId);
  await hideArticle(db, { articleId, reason, actorId: c.get("principal").userId });
  sendInboxEntriesSoon(c.env, c.executionCtx);
  return c.json({ success: true as const, data: { id: articleId, hidden: true }, message: STAFF_TOOL_MESSAGES.hidden });
});
