// GET /api/comments/health: D1 and the comment-events queue.
import { d1Check, healthRouter, queueCheck } from "@unbiased/worker-shared/http/health";
import type { CommentsEnv } from "../env.ts";

export const healthRoutes = healthRouter<CommentsEnv>((env) => ({
  db: d1Check(env.DB),
  commentEventsQueue: queueCheck(env.COMMENT_EVENTS, "COMMENT_EVENTS"),
}));
