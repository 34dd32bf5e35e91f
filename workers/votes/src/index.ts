// Votes worker (spec §7 "Voting service"): counts per article in ArticleVotes, per-user limits in
// VoteLimiter, every change to D1 through the vote-events queue. The voting issue adds the vote routes.
import { createApp } from "@unbiased/worker-shared/http/app";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { healthRoutes } from "./routes/health.ts";
import { handleVoteEvents } from "./jobs/vote-events.ts";
import type { VotesEnv } from "./env.ts";

export { ArticleVotes } from "./durable/article-votes.ts";
export { VoteLimiter } from "./durable/vote-limiter.ts";

const app = createApp<VotesEnv>();
app.route("/api/votes/health", healthRoutes);

export default {
  fetch: app.fetch,
  queue: handleVoteEvents,
} satisfies ExportedHandler<Env, JobMessage>;
