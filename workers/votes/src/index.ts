// Votes worker (spec §7 "Voting service"): counts per article in ArticleVotes, per-user limits in
// VoteLimiter, every accepted change to D1 through the vote-events queue, and a daily retention cron.
// VotesService is what the gateway binds: the public routes (fetch) and the account deletion's votes (RPC).
import { WorkerEntrypoint } from "cloudflare:workers";
import type { VotesErasure } from "@unbiased/worker-shared/contracts/account";
import type { ExportedVote, ExportedVoteEvent, VotesRpc } from "@unbiased/worker-shared/contracts/rpc";
import { meteredTask } from "@unbiased/worker-shared/db/row-meter";
import { createApp } from "@unbiased/worker-shared/http/app";
import { meteredQueue, meteredScheduled } from "@unbiased/worker-shared/http/metered-handlers";
import type { VotesEnv } from "./env.ts";
import { eraseUserVotes } from "./erasure/erase-user-votes.ts";
import { exportUserVotes } from "./erasure/export-user-votes.ts";
import { purgeExpired } from "./jobs/retention.ts";
import { handleVoteEvents } from "./jobs/vote-events.ts";
import { countRoutes } from "./routes/counts.ts";
import { healthRoutes } from "./routes/health.ts";
import { maintenanceRoutes } from "./routes/maintenance.ts";
import { queueRoutes } from "./routes/queue.ts";
import { trackingRoutes } from "./routes/tracking.ts";
import { userRoutes } from "./routes/user.ts";
import { voteRoutes } from "./routes/votes.ts";
import { articleVotes } from "./votes/cast-vote.ts";

export { ArticleVotes } from "./durable/article-votes.ts";
export { UserVotes } from "./durable/user-votes.ts";
export { VoteLimiter } from "./durable/vote-limiter.ts";
export { VoteLog } from "./durable/vote-log.ts";

const app = createApp<VotesEnv>({ name: "votes" });
app.route("/api/votes/health", healthRoutes);
app.route("/api/votes/vote", voteRoutes);
app.route("/api/votes/counts", countRoutes);
app.route("/api/votes/user", userRoutes);
app.route("/api/votes/queue", queueRoutes);
app.route("/api/votes/tracking", trackingRoutes);
app.route("/api/votes/admin", maintenanceRoutes);

export class VotesService extends WorkerEntrypoint<Env> implements VotesRpc {
  override fetch(request: Request): Promise<Response> {
    return Promise.resolve(app.fetch(request, this.env, this.ctx));
  }

  /**
   * Takes a user's article votes out of every count and removes their rows (ADR 017). Only the gateway
   * calls it, after revoking the user's sessions; it is no route, so no request can reach it.
   */
  eraseUser(userId: string): Promise<VotesErasure> {
    return meteredTask("rpc", { call: "votes.eraseUser" }, () => eraseUserVotes(this.env, userId));
  }

  /**
   * An admin hid the article: its object refuses votes and public reads from now on (the gateway calls
   * this before it answers the hide). Its votes are kept, for their owners' history and staff views.
   */
  async hideArticle(articleId: string): Promise<void> {
    await articleVotes(this.env, articleId).hide();
  }

  /** The user's votes and vote events for their data export (only the gateway calls it, for the caller's own). */
  exportUserVotes(userId: string): Promise<{ current: ExportedVote[]; events: ExportedVoteEvent[] }> {
    return exportUserVotes(this.env, userId);
  }
}

export default {
  fetch: app.fetch,
  queue: meteredQueue(handleVoteEvents),
  scheduled: meteredScheduled(async (_controller, env, ctx) => {
    ctx.waitUntil(
      purgeExpired(env).then((r) =>
        console.log(`votes retention: ${r.trackingRows} tracking rows, ${r.jobRows} job rows purged`),
      ),
    );
  }),
} satisfies ExportedHandler<Env>;
