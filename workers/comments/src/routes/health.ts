// GET /api/comments/health: D1 and the comment-events queue.
import { Hono } from "hono";
import { runChecks } from "@unbiased/worker-shared/http/health";
import type { CommentsEnv } from "../env.ts";

export const healthRoutes = new Hono<CommentsEnv>();

healthRoutes.get("/", (c) =>
  runChecks(c, {
    db: async () => {
      await c.env.DB.prepare("SELECT 1").first();
    },
    commentEventsQueue: async () => {
      if (typeof c.env.COMMENT_EVENTS?.send !== "function") throw new Error("COMMENT_EVENTS binding missing");
    },
  }),
);
