// GET /api/votes/health: D1, both Durable Object namespaces and the vote-events queue.
import { Hono } from "hono";
import { runChecks } from "@unbiased/worker-shared/http/health";
import type { VotesEnv } from "../env.ts";

export const healthRoutes = new Hono<VotesEnv>();

healthRoutes.get("/", (c) =>
  runChecks(c, {
    db: async () => {
      await c.env.DB.prepare("SELECT 1").first();
    },
    articleVotes: async () => {
      await c.env.ARTICLE_VOTES.get(c.env.ARTICLE_VOTES.idFromName("__health__")).getCounts();
    },
    voteLimiter: async () => {
      // A window of 1 ms with a high limit counts nothing that matters to any user.
      await c.env.VOTE_LIMITER.get(c.env.VOTE_LIMITER.idFromName("__health__")).consume(1_000_000, 1);
    },
    voteEventsQueue: async () => {
      if (typeof c.env.VOTE_EVENTS?.send !== "function") throw new Error("VOTE_EVENTS binding missing");
    },
  }),
);
