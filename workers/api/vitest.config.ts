import { join } from "node:path";
import { DNS_RESOLVER } from "../ingest/test/support/origins.ts";
import { webStandIn } from "../ingest/test/support/web-stand-in.ts";
import { hashPassword } from "../shared/src/auth/passwords.ts";
import { auxiliaryWorker, repoRoot, workerTestConfig } from "../shared/testing/pool-config.ts";
import { TEST_NEWSWIRE_ORIGIN } from "./test/support/newswire.ts";
import { MODME_TEST_PASSWORD, OIDC_BINDINGS } from "./test/support/oidc-config.ts";

// The gateway's service bindings reach the real votes, comments and ingest workers (built bundles).
// The ingest worker's outbound fetches (a staff member regenerating an image re-reads the page, the
// image proxy's pictures) reach the ingest tests' web stand-in: these tests never reach the internet.
export default workerTestConfig({
  name: "api",
  dir: import.meta.dirname,
  wranglerConfig: join(repoRoot, "wrangler.toml"),
  // The shell's server renderer from its source (wrangler.toml aliases the built bundle instead).
  alias: { "@unbiased/shell-ssr": join(repoRoot, "hosts/shell/ssr/renderShell.tsx") },
  // Google is replaced by the local OpenID provider of test/support; the ModMe gate gets a test password.
  bindings: async () => ({
    ...OIDC_BINDINGS,
    MODME_PASSWORD_HASH: await hashPassword(MODME_TEST_PASSWORD, 1000),
    NEWSWIRE_ORIGIN: TEST_NEWSWIRE_ORIGIN,
  }),
  workers: [
    auxiliaryWorker("votes", {
      durableObjects: {
        ARTICLE_VOTES: { className: "ArticleVotes", useSQLite: true },
        VOTE_LIMITER: { className: "VoteLimiter", useSQLite: true },
        USER_VOTES: { className: "UserVotes", useSQLite: true },
        VOTE_LOG: { className: "VoteLog", useSQLite: true },
      },
      queueProducers: { VOTE_EVENTS: "unbiased-vote-events" },
      // Vote events land in D1 as deployed: an account deletion waits for them (ADR 017).
      queueConsumers: { "unbiased-vote-events": { maxBatchSize: 50, maxBatchTimeout: 1, maxRetries: 3 } },
    }),
    // Inbox entries reach the gateway's own consumer (wrangler.toml), as deployed.
    auxiliaryWorker("comments", {
      durableObjects: {
        ARTICLE_THREADS: { className: "ArticleThread", useSQLite: true },
        USER_COMMENT_VOTES: { className: "UserCommentVotes", useSQLite: true },
        REPUTATION_HISTORIES: { className: "ReputationHistory", useSQLite: true },
        MODERATION_LOG_MONTHS: { className: "ModerationLogMonth", useSQLite: true },
      },
      queueProducers: { COMMENT_EVENTS: "unbiased-comment-events", INBOX_QUEUE: "unbiased-inbox" },
    }),
    // The remotes' own Workers, built (npm run build): the reader renders its part of each page.
    auxiliaryWorker("reader", { assetsBinding: "ASSETS" }),
    auxiliaryWorker("modme", { assetsBinding: "ASSETS" }),
    auxiliaryWorker("ingest", {
      queueProducers: { INGEST_QUEUE: "unbiased-ingest", INBOX_QUEUE: "unbiased-inbox" },
      bindings: { NEWSWIRE_ORIGIN: TEST_NEWSWIRE_ORIGIN, PEXELS_API_KEY: "", DNS_RESOLVER_URL: DNS_RESOLVER },
      outboundService: webStandIn,
    }),
  ],
});
