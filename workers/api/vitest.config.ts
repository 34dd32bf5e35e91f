import { join } from "node:path";
import { hashPassword } from "../shared/src/auth/passwords.ts";
import { auxiliaryWorker, repoRoot, workerTestConfig } from "../shared/test/pool-config.ts";
import { MODME_TEST_PASSWORD, OIDC_BINDINGS } from "./test/support/oidc-config.ts";

// The gateway's service bindings reach the real votes and comments workers (built bundles).
export default workerTestConfig({
  name: "api",
  dir: import.meta.dirname,
  wranglerConfig: join(repoRoot, "wrangler.toml"),
  // Google is replaced by the local OpenID provider of test/support; the ModMe gate gets a test password.
  bindings: async () => ({ ...OIDC_BINDINGS, MODME_PASSWORD_HASH: await hashPassword(MODME_TEST_PASSWORD, 1000) }),
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
