// Gateway / API worker: one origin for the whole product. Serves the articles and auth APIs, routes
// /api/votes/* and /api/comments/* to their workers over service bindings, and answers page routes
// that the static assets do not (see ARCHITECTURE.md § Data flow).
import type { AuthVariables } from "@unbiased/worker-shared/auth/middleware";
import { createApp } from "@unbiased/worker-shared/http/app";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { articleRoutes } from "./routes/articles.ts";
import { authRoutes } from "./routes/auth.ts";
import { healthRoutes } from "./routes/health.ts";
import { pageRoutes } from "./routes/pages.ts";
import { serviceRoutes } from "./routes/services.ts";
import { handleIngestBatch } from "./jobs/ingest.ts";
import { handleScheduled } from "./jobs/schedule.ts";

/** Every router of the gateway shares these bindings and the signed-in principal set by requireAuth. */
export type ApiEnv = { Bindings: Env; Variables: AuthVariables };

const app = createApp<ApiEnv>();
app.route("/", serviceRoutes);
app.route("/api/health", healthRoutes);
app.route("/api/auth", authRoutes);
app.route("/api/articles", articleRoutes);
app.route("/", pageRoutes);

export default {
  fetch: app.fetch,
  queue: handleIngestBatch,
  scheduled: handleScheduled,
} satisfies ExportedHandler<Env, JobMessage>;
