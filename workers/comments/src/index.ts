// Comments worker (spec §7 "Comments service"): threads, moderation, bans and reputation on D1,
// with comment events processed through a queue.
import { createApp } from "@unbiased/worker-shared/http/app";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { healthRoutes } from "./routes/health.ts";
import { commentCountRoutes, commentRoutes } from "./routes/comments.ts";
import { commentFeedbackRoutes } from "./routes/comment-feedback.ts";
import { handleCommentEvents } from "./jobs/comment-events.ts";
import type { CommentsEnv } from "./env.ts";

const app = createApp<CommentsEnv>();
app.route("/api/comments/health", healthRoutes);
app.route("/api/comments", commentFeedbackRoutes);
app.route("/api/comments", commentRoutes);
// Spec §7: "An alternate path /article/{id}/count also appears" (and its /comments twin behind the gateway).
app.route("/comments", commentCountRoutes);
app.route("/", commentCountRoutes);

export default {
  fetch: app.fetch,
  queue: handleCommentEvents,
} satisfies ExportedHandler<Env, JobMessage>;
