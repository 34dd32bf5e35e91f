// Public vote counts (spec §7): GET /api/votes/counts/{articleId} → bare upvotes/downvotes;
// POST /api/votes/counts/batch {articleIds} (at most 20) → results[]. Read from the ArticleVotes
// objects, the source of truth, so a feed card and the article page always agree.
// POST /api/votes/counts/recorded {articleIds}: the same answer from D1's recorded counts, about a
// second behind the objects, in one query: for the first HTML of a composed page (recorded-counts.ts).

import {
  type CountsBatchResponse,
  type CountsBatchResult,
  type CountsResponse,
  VOTE_MESSAGES,
} from "@unbiased/worker-shared/contracts/votes";
import { ArticleIdsSchema, ArticleParamSchema } from "@unbiased/worker-shared/contracts/votes.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { readsOnly } from "@unbiased/worker-shared/http/d1-session";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { VotesEnv } from "../env.ts";
import { existingArticleIds } from "../storage/articles.ts";
import { recordedCounts } from "../storage/recorded-counts.ts";
import { articleMissing, articleVotes, itemError } from "../votes/cast-vote.ts";

export const countRoutes = new Hono<VotesEnv>();
// A D1 or Durable Object failure answers 503 with the spec's message (http/unavailable.ts).
countRoutes.use(failureMessage(VOTE_MESSAGES.countsFailed));

countRoutes.get("/:articleId", validate("param", ArticleParamSchema), async (c) => {
  const { articleId } = c.req.valid("param");
  if (!(await existingArticleIds(createDb(c.env.DB), [articleId])).has(articleId)) throw articleMissing();
  const counts = await articleVotes(c.env, articleId).publicCounts();
  if (!counts) throw articleMissing();
  return c.json<CountsResponse>({ success: true, articleId, ...counts });
});

countRoutes.post("/batch", readsOnly, validate("json", ArticleIdsSchema), async (c) => {
  const { articleIds } = c.req.valid("json");
  const existing = await existingArticleIds(createDb(c.env.DB), articleIds);
  const results = await Promise.all(
    articleIds.map(async (articleId): Promise<CountsBatchResult> => {
      try {
        if (!existing.has(articleId)) throw articleMissing();
        const counts = await articleVotes(c.env, articleId).publicCounts();
        if (!counts) throw articleMissing();
        return { articleId, success: true, ...counts };
      } catch (err) {
        return { articleId, success: false, error: itemError(err) };
      }
    }),
  );
  return c.json<CountsBatchResponse>({ success: true, results });
});

countRoutes.post("/recorded", readsOnly, validate("json", ArticleIdsSchema), async (c) => {
  const { articleIds } = c.req.valid("json");
  const recorded = await recordedCounts(createDb(c.env.DB), articleIds);
  const results = articleIds.map((articleId): CountsBatchResult => {
    const counts = recorded.get(articleId);
    return counts
      ? { articleId, success: true, ...counts }
      : { articleId, success: false, error: VOTE_MESSAGES.articleNotFound };
  });
  return c.json<CountsBatchResponse>({ success: true, results });
});
