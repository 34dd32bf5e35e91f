// GET /api/ingest/health (over the gateway's service binding): D1 and the ingestion queue.
import { d1Check, healthRouter, queueCheck } from "@unbiased/worker-shared/http/health";
import type { IngestEnv } from "../env.ts";

export const healthRoutes = healthRouter<IngestEnv>((env) => ({
  db: d1Check(env.DB),
  ingestQueue: queueCheck(env.INGEST_QUEUE, "INGEST_QUEUE"),
}));
