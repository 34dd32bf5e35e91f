// The caller's own votes (spec §7): GET /api/votes/user/{articleId}/{userId} → vote {type} or null;
// POST /api/votes/user/batch {userId, articleIds} → results[]; GET /api/votes/user/history → the 10
// most recent. Only one's own: another user's id is a 403. Banned users may still read.

import { requireAuth } from "@unbiased/worker-shared/auth/middleware";
import {
  type UserVoteBatchResponse,
  type UserVoteBatchResult,
  type UserVoteResponse,
  VOTE_HISTORY_LIMIT,
  VOTE_MESSAGES,
  type VoteType,
} from "@unbiased/worker-shared/contracts/votes";
import { UserVoteBatchSchema, UserVoteParamSchema } from "@unbiased/worker-shared/contracts/votes.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { forbidden } from "@unbiased/worker-shared/http/errors";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { Hono } from "hono";
import type { VotesEnv } from "../env.ts";
import { existingArticleIds } from "../storage/articles.ts";
import { withTitles } from "../storage/history.ts";
import { articleMissing, articleVotes, itemError, userVotes } from "../votes/cast-vote.ts";

export const userRoutes = new Hono<VotesEnv>();
// A D1 or Durable Object failure answers 503 with the spec's message (http/unavailable.ts).
userRoutes.use(failureMessage(VOTE_MESSAGES.userVoteFailed));
userRoutes.get("/history", failureMessage(VOTE_MESSAGES.historyFailed));

const reader = requireAuth({ allowBanned: true });
const asVote = (type: VoteType | null) => (type ? { type } : null);

userRoutes.get("/history", reader, async (c) => {
  const votes = await userVotes(c.env, c.var.principal.userId).recent(VOTE_HISTORY_LIMIT);
  return ok(c, await withTitles(createDb(c.env.DB), votes));
});

userRoutes.post("/batch", reader, validate("json", UserVoteBatchSchema), async (c) => {
  const { userId, articleIds } = c.req.valid("json");
  if (userId !== c.var.principal.userId) throw forbidden(VOTE_MESSAGES.notYourVote);
  const existing = await existingArticleIds(createDb(c.env.DB), articleIds);
  const results = await Promise.all(
    articleIds.map(async (articleId): Promise<UserVoteBatchResult> => {
      try {
        if (!existing.has(articleId)) throw articleMissing();
        const own = await articleVotes(c.env, articleId).publicUserVote(userId);
        if (!own) throw articleMissing();
        return { articleId, success: true, vote: asVote(own.vote) };
      } catch (err) {
        return { articleId, success: false, error: itemError(err) };
      }
    }),
  );
  return c.json<UserVoteBatchResponse>({ success: true, results });
});

userRoutes.get("/:articleId/:userId", reader, validate("param", UserVoteParamSchema), async (c) => {
  const { articleId, userId } = c.req.valid("param");
  if (userId !== c.var.principal.userId) throw forbidden(VOTE_MESSAGES.notYourVote);
  if (!(await existingArticleIds(createDb(c.env.DB), [articleId])).has(articleId)) throw articleMissing();
  const own = await articleVotes(c.env, articleId).publicUserVote(userId);
  if (!own) throw articleMissing();
  return c.json<UserVoteResponse>({ success: true, articleId, vote: asVote(own.vote) });
});
