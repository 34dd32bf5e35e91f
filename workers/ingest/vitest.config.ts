import { join } from "node:path";
import { repoRoot, workerTestConfig } from "../shared/testing/pool-config.ts";
import { DNS_RESOLVER, NEWSWIRE_ORIGIN } from "./test/support/origins.ts";
import { webStandIn } from "./test/support/web-stand-in.ts";

// Outbound fetches go to the web stand-in (the sample newswire and fixtures), never the internet.
// Jobs the worker enqueues go to a queue nobody consumes: tests hand batches to the consumer
// themselves, so every job runs exactly when and how a test says.
export default workerTestConfig({
  name: "ingest",
  dir: import.meta.dirname,
  wranglerConfig: join(repoRoot, "workers/ingest/wrangler.toml"),
  bindings: async () => ({ NEWSWIRE_ORIGIN, PEXELS_API_KEY: "", DNS_RESOLVER_URL: DNS_RESOLVER }),
  // Inbox entries go to the real queue name, which nobody consumes here either.
  miniflare: {
    outboundService: webStandIn,
    queueProducers: { INGEST_QUEUE: "unbiased-ingest-held-by-tests", INBOX_QUEUE: "unbiased-inbox" },
  },
});
