// Comments worker (spec §7 "Comments service"): threads, moderation, bans and reputation on D1,
// with comment events processed through a queue. The comments issue adds the comment routes.
import { createApp } from "@unbiased/worker-shared/http/app";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { healthRoutes } from "./routes/health.ts";
import { handleCommentEvents } from "./jobs/comment-events.ts";
import type { CommentsEnv } from "./env.ts";

const app = createApp<CommentsEnv>();
app.route("/api/comments/health", healthRoutes);

export default {
  fetch: app.fetch,
  queue: handleCommentEvents,
} satisfies ExportedHandler<Env, JobMessage>;
