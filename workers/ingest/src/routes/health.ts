// GET /api/ingest/health (over the gateway's service binding): D1 and the ingestion queue.
import { Hono } from "hono";
import { runChecks } from "@unbiased/worker-shared/http/health";
import type { IngestEnv } from "../env.ts";

export const healthRoutes = new Hono<IngestEnv>();

healthRoutes.get("/", (c) =>
  runChecks(c, {
    db: async () => {
      await c.env.DB.prepare("SELECT 1").first();
    },
    ingestQueue: async () => {
      if (typeof c.env.INGEST_QUEUE?.send !== "function") throw new Error("INGEST_QUEUE binding missing");
    },
  }),
);
