// The signed-in reader's saved articles (docs/decisions/025-saved-articles.md), under
// /api/auth/me/saved: GET lists them newest first, a page at a time (each after the last one's entry);
// PUT and DELETE /{articleId} save and remove one (both idempotent); POST /batch says which of a page
// of cards are saved. Personal: never cached.
// A banned reader keeps their reading list, as they keep reading the site.

import { requireAuth } from "@unbiased/worker-shared/auth/middleware";
import { AUTH_MESSAGES } from "@unbiased/worker-shared/contracts/auth";
import { SAVED_MESSAGES, type SavedState } from "@unbiased/worker-shared/contracts/saved";
import {
  SavedArticleParamSchema,
  SavedBatchSchema,
  SavedPageQuerySchema,
} from "@unbiased/worker-shared/contracts/saved.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { ApiError, notFound, tooManyRequests, unauthorized } from "@unbiased/worker-shared/http/errors";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { type Context, Hono } from "hono";
import type { SavedRefusal } from "../durable/saved-articles.ts";
import type { ApiEnv } from "../env.ts";
import { canBeSaved, savedArticlesOf, savedPage } from "../storage/saved-articles.ts";

export const savedRoutes = new Hono<ApiEnv>();
savedRoutes.get("/", failureMessage(SAVED_MESSAGES.loadFailed));
savedRoutes.post("/batch", failureMessage(SAVED_MESSAGES.loadFailed));
savedRoutes.put("/:articleId", failureMessage(SAVED_MESSAGES.saveFailed));
savedRoutes.delete("/:articleId", failureMessage(SAVED_MESSAGES.unsaveFailed));
savedRoutes.use("*", requireAuth({ allowBanned: true }), async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

/** The signed-in reader's own list (requireAuth has set the principal). */
const listOf = (c: Context<ApiEnv>) => savedArticlesOf(c.env, c.get("principal").userId);

/** The answer to a change the reader's object refused. */
function refusal(refused: SavedRefusal): ApiError {
  if (refused.refused === "full") return new ApiError(409, SAVED_MESSAGES.full);
  if (refused.refused === "erased") return unauthorized(AUTH_MESSAGES.sessionEnded);
  return tooManyRequests(refused.retryAfterMs / 1000);
}

savedRoutes.get("/", validate("query", SavedPageQuerySchema), async (c) => {
  const { limit, before } = c.req.valid("query");
  const { data, pagination } = await savedPage(createDb(c.env.DB), listOf(c), before ?? null, limit);
  return c.json({ success: true as const, data, pagination });
});

savedRoutes.post("/batch", validate("json", SavedBatchSchema), async (c) => {
  const saved = await listOf(c).among([...new Set(c.req.valid("json").articleIds)]);
  return ok(c, { saved });
});

// Only an article the site shows can be saved; one hidden later stays saved, left out of the list.
savedRoutes.put("/:articleId", validate("param", SavedArticleParamSchema), async (c) => {
  const { articleId } = c.req.valid("param");
  if (!(await canBeSaved(createDb(c.env.DB), articleId))) throw notFound("Article not found");
  const result = await listOf(c).save(articleId);
  if ("refused" in result) throw refusal(result);
  return ok(c, { articleId, saved: true, savedAt: result.savedAt } satisfies SavedState);
});

savedRoutes.delete("/:articleId", validate("param", SavedArticleParamSchema), async (c) => {
  const { articleId } = c.req.valid("param");
  const result = await listOf(c).unsave(articleId);
  if ("refused" in result) throw refusal(result);
  return ok(c, { articleId, saved: false, savedAt: null } satisfies SavedState);
});
