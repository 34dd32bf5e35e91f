import { join } from "node:path";
import { auxiliaryWorker, repoRoot, workerTestConfig } from "../shared/test/pool-config.ts";

// The gateway's service bindings reach the real votes and comments workers (built bundles).
export default workerTestConfig({
  name: "api",
  dir: import.meta.dirname,
  wranglerConfig: join(repoRoot, "wrangler.toml"),
  workers: [
    auxiliaryWorker("votes", {
      durableObjects: {
        ARTICLE_VOTES: { className: "ArticleVotes", useSQLite: true },
        VOTE_LIMITER: { className: "VoteLimiter", useSQLite: true },
      },
      queueProducers: { VOTE_EVENTS: "unbiased-vote-events" },
    }),
    auxiliaryWorker("comments", { queueProducers: { COMMENT_EVENTS: "unbiased-comment-events" } }),
  ],
});
