// Votes worker (spec §7 "Voting service"): counts per article in ArticleVotes, per-user limits in
// VoteLimiter, every accepted change to D1 through the vote-events queue, and a daily retention cron.
import { createApp } from "@unbiased/worker-shared/http/app";
import type { VotesEnv } from "./env.ts";
import { purgeExpired } from "./jobs/retention.ts";
import { handleVoteEvents } from "./jobs/vote-events.ts";
import { countRoutes } from "./routes/counts.ts";
import { healthRoutes } from "./routes/health.ts";
import { queueRoutes } from "./routes/queue.ts";
import { trackingRoutes } from "./routes/tracking.ts";
import { userRoutes } from "./routes/user.ts";
import { voteRoutes } from "./routes/votes.ts";

export { ArticleVotes } from "./durable/article-votes.ts";
export { VoteLimiter } from "./durable/vote-limiter.ts";

const app = createApp<VotesEnv>({ name: "votes" });
app.route("/api/votes/health", healthRoutes);
app.route("/api/votes/vote", voteRoutes);
app.route("/api/votes/counts", countRoutes);
app.route("/api/votes/user", userRoutes);
app.route("/api/votes/queue", queueRoutes);
app.route("/api/votes/tracking", trackingRoutes);

export default {
  fetch: app.fetch,
  queue: handleVoteEvents,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(
      purgeExpired(env).then((r) =>
        console.log(`votes retention: ${r.trackingRows} tracking rows, ${r.jobRows} job rows purged`),
      ),
    );
  },
} satisfies ExportedHandler<Env>;
