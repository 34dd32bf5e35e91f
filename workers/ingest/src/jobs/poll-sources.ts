// "sources.poll": register the configured feeds, then read every active source with a conditional GET
// and enqueue one "article.ingest" job per item not yet stored. Items already stored whose feed date is
// newer get their publication time moved forward here, without a job. One failing feed is logged and
// skipped; it never holds up the others. Last, stored articles an older summarizer wrote are queued
// to be summarized again (refresh-summaries.ts).
import { type ArticleIngestPayload, INGEST_JOBS, INGEST_QUEUE_NAME } from "@unbiased/worker-shared/contracts/ingest";
import { runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { enqueueJob, type JobHandler } from "@unbiased/worker-shared/queue/jobs";
import { canonicalizeUrl } from "@unbiased/worker-shared/urls/canonical-url";
import { checkPublicUrl } from "@unbiased/worker-shared/urls/public-url";
import type { FeedItem } from "../feeds/feed-item.ts";
import { parseFeed } from "../feeds/parse-feed.ts";
import { safeFetch } from "../fetch/safe-fetch.ts";
import { refreshTime } from "../pipeline/refresh-time.ts";
import { configuredFeeds } from "../sources/configured-feeds.ts";
import { findArticleByUrl } from "../storage/articles.ts";
import { listActiveSources, recordFeedFetch, registerFeeds, type SourceRow } from "../storage/sources.ts";
import type { IngestContext } from "./context.ts";
import { startSummaryRefresh } from "./refresh-summaries.ts";

/** Newest items first; a feed longer than this is read again at the next poll anyway. */
const MAX_ITEMS_PER_FEED = 200;
const FEED_TYPES =
  "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5";

export const pollSources: JobHandler<IngestContext> = async (_payload, ctx) => {
  await registerFeeds(ctx.db, configuredFeeds(ctx.env));
  for (const source of await listActiveSources(ctx.db)) {
    try {
      const queued = await pollSource(source, ctx);
      console.log(`poll ${source.id}: ${queued} new item(s) queued`);
    } catch (err) {
      console.error(`poll ${source.id} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  await startSummaryRefresh(ctx);
};

/** Returns how many items were queued. */
async function pollSource(source: SourceRow, ctx: IngestContext): Promise<number> {
  const conditional: Record<string, string> = {};
  if (source.etag) conditional["If-None-Match"] = source.etag;
  if (source.lastModified) conditional["If-Modified-Since"] = source.lastModified;
  const fetched = await safeFetch(source.feedUrl, {
    accept: FEED_TYPES,
    allowedOrigins: ctx.config.allowedOrigins,
    dnsResolver: ctx.config.dnsResolver,
    headers: conditional,
  });
  if (fetched.status === 304) {
    await recordFeedFetch(ctx.db, source.id, {});
    return 0;
  }
  const feed = parseFeed(fetched.text, fetched.url);
  const items = [...feed.items]
    .sort((a, b) => (b.publishedAt ?? 0) - (a.publishedAt ?? 0))
    .slice(0, MAX_ITEMS_PER_FEED);
  let queued = 0;
  for (const item of items) if (await takeItem(item, source, ctx)) queued++;
  // Validators are stored last: a poll that fails half-way is repeated in full next time.
  await recordFeedFetch(ctx.db, source.id, {
    etag: fetched.headers.get("ETag"),
    lastModified: fetched.headers.get("Last-Modified"),
    kind: feed.kind,
  });
  return queued;
}

/** Enqueues the item when it is new; true when it did. */
async function takeItem(item: FeedItem, source: SourceRow, { db, env, config }: IngestContext): Promise<boolean> {
  if (!checkPublicUrl(item.url, { allowedOrigins: config.allowedOrigins }).ok) return false;
  const url = canonicalizeUrl(item.url);
  const known = await findArticleByUrl(db, url);
  if (known) {
    await runBatch(db, refreshTime(db, known, item.publishedAt));
    return false;
  }
  const payload: ArticleIngestPayload = {
    url,
    sourceId: source.id,
    feedCategories:
      item.categories.length > 0 ? item.categories : source.defaultCategory ? [source.defaultCategory] : [],
    publishedAt: item.publishedAt,
  };
  await enqueueJob(db, env.INGEST_QUEUE, INGEST_QUEUE_NAME, INGEST_JOBS.ingestArticle, payload);
  return true;
}
