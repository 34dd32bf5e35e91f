// GET /api/health: is each binding of the gateway reachable?
import { Hono } from "hono";
import { runChecks } from "@unbiased/worker-shared/http/health";
import type { ApiEnv } from "../env.ts";

export const healthRoutes = new Hono<ApiEnv>();

healthRoutes.get("/", (c) =>
  runChecks(c, {
    db: async () => {
      await c.env.DB.prepare("SELECT 1").first();
    },
    ingestQueue: async () => {
      if (typeof c.env.INGEST_QUEUE?.send !== "function") throw new Error("INGEST_QUEUE binding missing");
    },
    votesService: async () => {
      const res = await c.env.VOTES.fetch("https://votes.internal/api/votes/health");
      if (!res.ok) throw new Error(`votes health ${res.status}`);
    },
    ingestService: async () => {
      const res = await c.env.INGEST.fetch("https://ingest.internal/api/ingest/health");
      if (!res.ok) throw new Error(`ingest health ${res.status}`);
    },
    commentsService: async () => {
      const res = await c.env.COMMENTS.fetch("https://comments.internal/api/comments/health");
      if (!res.ok) throw new Error(`comments health ${res.status}`);
    },
  }),
);
