// GET /api/votes/health: D1, both Durable Object namespaces and the vote-events queue.
import { d1Check, healthRouter, queueCheck } from "@unbiased/worker-shared/http/health";
import type { VotesEnv } from "../env.ts";

export const healthRoutes = healthRouter<VotesEnv>((env) => ({
  db: d1Check(env.DB),
  articleVotes: async () => {
    await env.ARTICLE_VOTES.get(env.ARTICLE_VOTES.idFromName("__health__")).getCounts();
  },
  voteLimiter: async () => {
    // A window of 1 ms with a high limit counts nothing that matters to any user.
    await env.VOTE_LIMITER.get(env.VOTE_LIMITER.idFromName("__health__")).consume("__health__", 1_000_000, 1);
  },
  voteEventsQueue: queueCheck(env.VOTE_EVENTS, "VOTE_EVENTS"),
}));
