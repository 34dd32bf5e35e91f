// Which feeds this deployment polls: the committed production list. Locally (ENVIRONMENT =
// development) none is configured, so a local stack never reaches the internet; the sample newswire
// is registered instead by its own poll route (routes/newswire.ts), which knows the stack's origin.
import type { ConfiguredFeed } from "./feed-source.ts";
import { PRODUCTION_FEEDS } from "./production-feeds.ts";

export const configuredFeeds = (env: Pick<Env, "ENVIRONMENT">): readonly ConfiguredFeed[] =>
  env.ENVIRONMENT === "development" ? [] : PRODUCTION_FEEDS;

/** The local sample newswire as a source, served at `origin` (the local stack's own). */
export const newswireFeed = (origin: string): ConfiguredFeed => ({
  id: "sample-newswire",
  name: "Sample newswire",
  feedUrl: new URL("/newswire/feed.xml", origin).href,
  kind: "rss",
  defaultCategory: null,
});
