// Atom feeds (ADR 018): /feed.xml (Latest), /category/{category}/feed.xml and
// /source/{domain}/feed.xml (an outlet's), the newest
// visible articles, cached and validated like the articles API (publicCache: ETag, 304, the content
// version, so a hidden article leaves the feed on the next request). Mounted before the page routes,
// which take any path with an extension for a missing file.

import { ARTICLE_MESSAGES, type CategorySlug, isCategorySlug } from "@unbiased/worker-shared/contracts/articles";
import { outletDomain } from "@unbiased/worker-shared/contracts/outlets";
import { createDb } from "@unbiased/worker-shared/db/client";
import { failureMessage } from "@unbiased/worker-shared/http/app";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { type Context, Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import { atomFeed } from "../feeds/atom.ts";
import { type FeedRef, feedRef, outletFeedRef, SITE_NAME } from "../feeds/feed-paths.ts";
import { publicCache } from "../http/public-cache.ts";
import { type FeedScope, outletExists } from "../storage/articles.ts";
import { listFeedEntries } from "../storage/feed-entries.ts";

export const feedRoutes = new Hono<ApiEnv>();

feedRoutes.get("/feed.xml", failureMessage(ARTICLE_MESSAGES.loadFailed));
feedRoutes.get("/category/:category/feed.xml", failureMessage(ARTICLE_MESSAGES.loadFailed));
feedRoutes.get("/source/:domain/feed.xml", failureMessage(ARTICLE_MESSAGES.loadFailed));

/** As fresh as the feed API (spec §9: 30 s); feed readers poll far less often. */
const cached = publicCache({ sMaxAgeSeconds: 30, staleWhileRevalidateSeconds: 60 });

function feed(c: Context<ApiEnv>, slug: CategorySlug) {
  return feedOf(c, slug === "latest" ? null : slug, feedRef(slug));
}

async function feedOf(c: Context<ApiEnv>, scope: FeedScope, ref: FeedRef) {
  const entries = await listFeedEntries(createDb(c.env.DB), scope);
  const xml = atomFeed({
    origin: new URL(c.req.url).origin,
    selfPath: ref.path,
    pagePath: ref.pagePath,
    siteName: SITE_NAME,
    title: ref.title,
    subtitle: "Short, neutral summaries of the day's news.",
    entries,
    now: Date.now(),
  });
  return c.body(xml, 200, { "Content-Type": "application/atom+xml; charset=utf-8" });
}

feedRoutes.get("/feed.xml", cached, (c) => feed(c, "latest"));

feedRoutes.get("/category/:category/feed.xml", cached, (c) => {
  const slug = c.req.param("category");
  if (!isCategorySlug(slug)) throw notFound(`Unknown category: ${slug}`);
  return feed(c, slug);
});

// An unknown outlet (no visible article) has no feed: 404, as its page.
feedRoutes.get("/source/:domain/feed.xml", cached, async (c) => {
  const domain = outletDomain(c.req.param("domain"));
  if (domain === null || !(await outletExists(createDb(c.env.DB), domain)))
    throw notFound(`Unknown outlet: ${c.req.param("domain")}`);
  return feedOf(c, { outlet: domain }, outletFeedRef(domain));
});
