// The local sample newswire (development only; a 404 anywhere else): the RSS feed and article pages the
// pipeline ingests on `npm start`, plus the developer's controls, reached through the gateway:
//   POST /newswire/poll    register the newswire as a source (at the origin it was asked on), then poll
//                          every source now, as the cron would (cron never fires under wrangler dev)
//   GET  /newswire/status  ingestion job counts (?since=epoch ms), to wait for a poll to finish

import { INGEST_QUEUE_NAME } from "@unbiased/worker-shared/contracts/ingest";
import { createDb } from "@unbiased/worker-shared/db/client";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { ok } from "@unbiased/worker-shared/http/respond";
import { countJobs } from "@unbiased/worker-shared/queue/jobs";
import { Hono } from "hono";
import type { IngestEnv } from "../env.ts";
import { enqueuePoll } from "../jobs/schedule.ts";
import { findNewswireArticle, NEWSWIRE_FEED_ARTICLES } from "../newswire/corpus.ts";
import { renderArticlePage, renderFeed } from "../newswire/render.ts";
import { newswireFeed } from "../sources/configured-feeds.ts";
import { registerFeeds } from "../storage/sources.ts";

export const newswireRoutes = new Hono<IngestEnv>();

newswireRoutes.use("*", async (c, next) => {
  if (c.env.ENVIRONMENT !== "development") throw notFound(`No route for ${c.req.method} ${c.req.path}`);
  await next();
});

/** Dates move with the clock, but only once a minute, so a poll within the same minute gets a 304. */
const currentMinute = () => Math.floor(Date.now() / 60_000) * 60_000;

newswireRoutes.get("/feed.xml", (c) => {
  const minute = currentMinute();
  const etag = `W/"newswire-${minute}"`;
  const headers = { ETag: etag, "Last-Modified": new Date(minute).toUTCString(), "Cache-Control": "no-cache" };
  if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
  return c.body(renderFeed(NEWSWIRE_FEED_ARTICLES, new URL(c.req.url).origin, minute), 200, {
    ...headers,
    "Content-Type": "application/rss+xml; charset=utf-8",
  });
});

newswireRoutes.get("/articles/:key", (c) => {
  const article = findNewswireArticle(c.req.param("key"));
  if (!article) return c.html("<!doctype html><title>Not found</title><p>No such sample article.</p>", 404);
  return c.html(renderArticlePage(article, currentMinute()));
});

newswireRoutes.post("/poll", async (c) => {
  await registerFeeds(createDb(c.env.DB), [newswireFeed(new URL(c.req.url).origin)]);
  return ok(c, { jobId: await enqueuePoll(c.env, { requestedBy: "developer" }) }, 202);
});

/**
 * Jobs touched since `since` (default: the last hour) by state: a poll is finished when none is pending
 * or processing. `since` keeps jobs a killed earlier run left pending out of the count.
 */
newswireRoutes.get("/status", async (c) => {
  const since = Number(c.req.query("since") ?? Date.now() - 3600_000);
  const windowMs = Number.isFinite(since) ? Math.max(0, Date.now() - since) : 3600_000;
  return ok(c, { jobs: await countJobs(createDb(c.env.DB), INGEST_QUEUE_NAME, windowMs) });
});
