// Staff article tools (spec §7, §2 Article page extras): moderators regenerate an article's summary,
// location or image; admins hide it. The regenerations run in the ingest worker (service binding, RPC)
// so the summarizer and gazetteer stay out of this bundle; each one, and every hide, is written to the
// moderation log with its actor and bumps the content version.
import { Hono, type Context } from "hono";
import {
  HideArticleSchema,
  STAFF_TOOL_MESSAGES,
  type RegenerateLocationResponse,
  type RegenerateOutcome,
  type RegenerateTarget,
} from "@unbiased/worker-shared/contracts/ingest";
import { requireAuth } from "@unbiased/worker-shared/auth/middleware";
import { createDb } from "@unbiased/worker-shared/db/client";
import { forgetRecentContentVersion } from "@unbiased/worker-shared/db/content-version";
import { ApiError, notFound } from "@unbiased/worker-shared/http/errors";
import { readJson } from "@unbiased/worker-shared/http/validate";
import { hideArticle } from "../storage/article-moderation.ts";
import type { ApiEnv } from "../env.ts";

export const articleToolRoutes = new Hono<ApiEnv>();

const moderators = requireAuth({ role: "moderator" });
const admins = requireAuth({ role: "admin", roleMessage: "Admin access required" });

/** Spec §8's failure wording for each tool, sent when the ingest worker cannot do the work. */
const FAILURES: Record<RegenerateTarget, string> = {
  summary: "Failed to regenerate summary",
  location: "Failed to regenerate location data",
  image: "Failed to regenerate image",
};

async function regenerate<T extends RegenerateTarget>(c: Context<ApiEnv>, target: T) {
  let outcome: RegenerateOutcome<T>;
  try {
    // RPC stub types lose the method's type parameter; the ingest worker returns RegenerateOutcome<T>.
    outcome = (await c.env.INGEST.regenerate(
      c.req.param("id")!,
      target,
      c.get("principal").userId,
    )) as RegenerateOutcome<T>;
  } catch (err) {
    console.error(`regenerate ${target} failed:`, err);
    throw new ApiError(502, FAILURES[target]);
  } finally {
    // The ingest worker may have bumped the version (even if the answer then failed to arrive): the
    // staff member's next read here should show the change.
    forgetRecentContentVersion();
  }
  if (!outcome.ok) throw notFound(outcome.error);
  return outcome.data;
}

articleToolRoutes.post("/:id/regenerate-summary", moderators, async (c) =>
  c.json({
    success: true as const,
    data: { id: c.req.param("id"), ...(await regenerate(c, "summary")) },
    message: STAFF_TOOL_MESSAGES.summary,
  }),
);

articleToolRoutes.post("/:id/regenerate-image", moderators, async (c) =>
  c.json({
    success: true as const,
    data: { id: c.req.param("id"), ...(await regenerate(c, "image")) },
    message: STAFF_TOOL_MESSAGES.image,
  }),
);

// Spec §7: this one answers {success, location, message}; no place found is a result, not an error.
articleToolRoutes.post("/:id/regenerate-location", moderators, async (c) => {
  const fields = await regenerate(c, "location");
  const found = fields.location !== null;
  return c.json<RegenerateLocationResponse>({
    success: true,
    location: found ? fields : null,
    message: found ? STAFF_TOOL_MESSAGES.location : STAFF_TOOL_MESSAGES.noLocation,
  });
});

articleToolRoutes.put("/admin/:id/hide", admins, async (c) => {
  const { reason } = await readJson(c, HideArticleSchema);
  const articleId = c.req.param("id");
  if (!(await hideArticle(createDb(c.env.DB), { articleId, reason, actorId: c.get("principal").userId })))
    throw notFound("Article not found");
  return c.json({ success: true as const, data: { id: articleId, hidden: true }, message: STAFF_TOOL_MESSAGES.hidden });
});
