// Casting votes (spec §7): POST /api/votes/vote sets the caller's vote (idempotent), DELETE
// /api/votes/vote/{articleId} removes it (the UI sends it when the same vote is chosen again), POST
// /api/votes/vote/batch applies up to 20. Each answer carries the new counts and the caller's vote.

import { requireAuth } from "@unbiased/worker-shared/auth/middleware";
import {
  VOTE_MESSAGES,
  type VoteBatchResponse,
  type VoteBatchResult,
  type VoteResponse,
} from "@unbiased/worker-shared/contracts/votes";
import { ArticleParamSchema, VoteBatchSchema, VoteRequestSchema } from "@unbiased/worker-shared/contracts/votes.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { forbidden } from "@unbiased/worker-shared/http/errors";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { VotesEnv } from "../env.ts";
import { existingArticleIds } from "../storage/articles.ts";
import { articleMissing, castVote, itemError } from "../votes/cast-vote.ts";

export const voteRoutes = new Hono<VotesEnv>();
// A D1 or Durable Object failure answers 503 with the spec's message (http/unavailable.ts).
voteRoutes.use(failureMessage(VOTE_MESSAGES.failed));

const clientIp = (req: Request) => req.headers.get("CF-Connecting-IP");

voteRoutes.post("/", requireAuth(), validate("json", VoteRequestSchema), async (c) => {
  const { articleId, userId, voteType } = c.req.valid("json");
  const { principal } = c.var;
  if (userId !== principal.userId) throw forbidden(VOTE_MESSAGES.notYourVote);
  if (!(await existingArticleIds(createDb(c.env.DB), [articleId])).has(articleId)) throw articleMissing();
  const result = await castVote(c.env, {
    userId,
    articleId,
    voteType,
    ip: clientIp(c.req.raw),
    requestId: c.get("requestId"),
  });
  return c.json<VoteResponse>({ success: true, ...result });
});

voteRoutes.post("/batch", requireAuth(), validate("json", VoteBatchSchema), async (c) => {
  const { votes } = c.req.valid("json");
  const { principal } = c.var;
  if (votes.some((v) => v.userId !== principal.userId)) throw forbidden(VOTE_MESSAGES.notYourVote);
  const existing = await existingArticleIds(
    createDb(c.env.DB),
    votes.map((v) => v.articleId),
  );
  const ip = clientIp(c.req.raw);
  const results: VoteBatchResult[] = [];
  // In order, one at a time: two votes on one article in a batch apply as sent.
  for (const { articleId, voteType } of votes) {
    try {
      if (!existing.has(articleId)) throw articleMissing();
      results.push({
        success: true,
        ...(await castVote(c.env, {
          userId: principal.userId,
          articleId,
          voteType,
          ip,
          requestId: c.get("requestId"),
        })),
      });
    } catch (err) {
      results.push({ articleId, success: false, error: itemError(err) });
    }
  }
  return c.json<VoteBatchResponse>({ success: true, results });
});

voteRoutes.delete("/:articleId", requireAuth(), validate("param", ArticleParamSchema), async (c) => {
  const { articleId } = c.req.valid("param");
  const { principal } = c.var;
  if (!(await existingArticleIds(createDb(c.env.DB), [articleId])).has(articleId)) throw articleMissing();
  const result = await castVote(c.env, {
    userId: principal.userId,
    articleId,
    voteType: null,
    ip: clientIp(c.req.raw),
    requestId: c.get("requestId"),
  });
  return c.json<VoteResponse>({ success: true, ...result });
});
