// The local sample newswire (development only; a 404 anywhere else): the RSS feed and article pages the
// pipeline ingests on `npm start`, plus the developer's controls, reached through the gateway:
//   POST /newswire/poll    register the newswire as a source (at the origin it was asked on), then poll
//                          every source now, as the cron would (cron never fires under wrangler dev)
//   GET  /newswire/status  the poll's job counts (?since=epoch ms), to wait for a poll to finish; the
//                          stored articles' summary catch-up is counted apart, as background work

import { INGEST_JOBS, INGEST_QUEUE_NAME } from "@unbiased/worker-shared/contracts/ingest";
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

/** What a poll of the sample newswire does itself: the poll, and one job per new article. */
const POLL_JOB_KINDS = [INGEST_JOBS.pollSources, INGEST_JOBS.ingestArticle];

/**
 * Jobs touched since `since` (default: the last hour) by state: a poll is finished when none of its
 * own (`jobs`) is pending or processing. The summary catch-up a poll starts (summaries.refresh, over
 * every article an older summarizer wrote: thousands after `npm run seed`) is `background`: it never
 * holds up a stack that is otherwise ready. `since` keeps jobs a killed earlier run left pending out.
 */
newswireRoutes.get("/status", async (c) => {
  const since = Number(c.req.query("since") ?? Date.now() - 3600_000);
  const windowMs = Number.isFinite(since) ? Math.max(0, Date.now() - since) : 3600_000;
  const db = createDb(c.env.DB);
  const [jobs, background] = await Promise.all([
    countJobs(db, INGEST_QUEUE_NAME, windowMs, { only: POLL_JOB_KINDS }),
    countJobs(db, INGEST_QUEUE_NAME, windowMs, { except: POLL_JOB_KINDS }),
  ]);
  return ok(c, { jobs, background });
});
