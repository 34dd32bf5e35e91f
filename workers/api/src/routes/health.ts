// GET /api/health: is each binding of the gateway reachable?
import { d1Check, healthRouter, queueCheck, serviceCheck } from "@unbiased/worker-shared/http/health";
import type { ApiEnv } from "../env.ts";

export const healthRoutes = healthRouter<ApiEnv>((env) => ({
  db: d1Check(env.DB),
  ingestQueue: queueCheck(env.INGEST_QUEUE, "INGEST_QUEUE"),
  votesService: serviceCheck(env.VOTES, "https://votes.internal/api/votes/health"),
  ingestService: serviceCheck(env.INGEST, "https://ingest.internal/api/ingest/health"),
  commentsService: serviceCheck(env.COMMENTS, "https://comments.internal/api/comments/health"),
}));
