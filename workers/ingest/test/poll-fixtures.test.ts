// "sources.poll" against fixture feeds: conditional GET, one job per new item, known items refreshed
// in place, private links never queued, a broken feed skipped without failing the others.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { checkPublicUrl } from "@unbiased/worker-shared/urls/public-url";
import { describe, expect, it } from "vitest";
import worker from "../src/index.ts";
import { configuredFeeds } from "../src/sources/configured-feeds.ts";
import { PRODUCTION_FEEDS } from "../src/sources/production-feeds.ts";
import { count, deliver, jobStatus, pollJob } from "./support/jobs.ts";
import { FIXTURES_ORIGIN } from "./support/origins.ts";

// In development no feed is configured: only the rows these tests insert are polled.
async function addSource(id: string, path: string) {
  await env.DB.prepare(
    "INSERT INTO sources (id, name, domain, feed_url, created_at) VALUES (?, ?, 'fixtures.example', ?, 1)",
  )
    .bind(id, `Fixture ${id}`, `${FIXTURES_ORIGIN}/feeds/${path}`)
    .run();
}

const ingestJobs = async () =>
  (await env.DB.prepare(
    "SELECT count(*) AS n FROM queue_jobs WHERE kind = 'article.ingest' AND status = 'pending'",
  ).first<{ n: number }>())!.n;

const requestsTo = async (path: string) =>
  (
    (await (await fetch(`${FIXTURES_ORIGIN}/__requests`)).json()) as { url: string; headers: Record<string, string> }[]
  ).filter((r) => r.url === `${FIXTURES_ORIGIN}${path}`);

describe("the cron trigger", () => {
  it("records a pending sources.poll job on the ingestion queue", async () => {
    const ctx = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ cron: "*/15 * * * *", scheduledTime: new Date(1_700_000_000_000) }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const jobs = await env.DB.prepare("SELECT queue, kind, status FROM queue_jobs").all();
    expect(jobs.results).toEqual([{ queue: "unbiased-ingest", kind: "sources.poll", status: "pending" }]);
  });

  it("deletes the queue's job rows untouched for a week, and no other queue's", async () => {
    const now = 1_700_000_000_000;
    const day = 24 * 3600_000;
    const insert = (id: string, queue: string, at: number) =>
      env.DB.prepare(
        "INSERT INTO queue_jobs (id, queue, kind, status, attempts, created_at, updated_at) VALUES (?, ?, 'article.ingest', 'completed', 1, ?, ?)",
      ).bind(id, queue, at, at);
    await env.DB.batch([
      insert("ingest-old", "unbiased-ingest", now - 8 * day),
      insert("ingest-recent", "unbiased-ingest", now - 6 * day),
      insert("comments-old", "unbiased-comment-events", now - 8 * day),
    ]);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/15 * * * *", scheduledTime: new Date(now) }), env, ctx);
    await waitOnExecutionContext(ctx);
    const { results } = await env.DB.prepare(
      "SELECT id FROM queue_jobs WHERE id IN ('ingest-old', 'ingest-recent', 'comments-old') ORDER BY id",
    ).all<{ id: string }>();
    expect(results.map((row) => row.id)).toEqual(["comments-old", "ingest-recent"]);
  });
});

describe("sources.poll", () => {
  it("queues one article.ingest job per new public item and stores the feed's validators", async () => {
    await addSource("pages", "pages.xml");
    const { result } = await deliver([pollJob({ jobId: "poll-1" })]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await jobStatus("poll-1")).toMatchObject({ status: "completed" });
    // Two fixture pages; the item linking to 10.0.0.7 is never queued.
    expect(await ingestJobs()).toBe(2);
    const source = await env.DB.prepare(
      "SELECT etag, last_modified AS lastModified, last_fetched_at AS fetchedAt, feed_kind AS kind FROM sources WHERE id = 'pages'",
    ).first<Record<string, unknown>>();
    expect(source).toMatchObject({
      etag: expect.stringContaining("pages.xml"),
      lastModified: "Mon, 01 Jun 2026 08:00:00 GMT",
      kind: "rss",
    });
    expect(source!.fetchedAt).toBeGreaterThan(0);
  });

  it("polls again with If-None-Match / If-Modified-Since and queues nothing on 304", async () => {
    await deliver([pollJob()]);
    const [, second] = await requestsTo("/feeds/pages.xml");
    expect(second!.headers["if-none-match"]).toContain("pages.xml");
    expect(second!.headers["if-modified-since"]).toBe("Mon, 01 Jun 2026 08:00:00 GMT");
    expect(await ingestJobs()).toBe(2);
  });

  it("refreshes an already stored item's time from a newer feed date without queueing it", async () => {
    await env.DB.exec("UPDATE sources SET etag = NULL, last_modified = NULL");
    await insertArticle(env.DB, { id: "known", url: `${FIXTURES_ORIGIN}/pages/second.html`, sourcedTime: 1_000 });
    await deliver([pollJob()]);
    expect(await env.DB.prepare("SELECT sourced_time AS t FROM articles WHERE id = 'known'").first()).toEqual({
      t: Date.parse("2026-06-01T07:00:00Z") / 1000,
    });
    // The article page is queued again (still not stored); the known one is not.
    expect(await ingestJobs()).toBe(3);
  });

  it("skips a malformed feed and still polls the others", async () => {
    await env.DB.exec("UPDATE sources SET etag = NULL, last_modified = NULL");
    await addSource("broken", "malformed.xml");
    await addSource("json", "feed.json");
    const { result } = await deliver([pollJob({ jobId: "poll-mixed" })]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await jobStatus("poll-mixed")).toMatchObject({ status: "completed" });
    expect(
      await env.DB.prepare("SELECT feed_kind AS kind, last_fetched_at AS t FROM sources WHERE id = 'broken'").first(),
    ).toEqual({ kind: "rss", t: null });
    expect(await env.DB.prepare("SELECT feed_kind AS kind FROM sources WHERE id = 'json'").first()).toEqual({
      kind: "json",
    });
  });

  it("leaves inactive sources alone", async () => {
    await env.DB.exec("UPDATE sources SET active = 0");
    const before = await count("queue_jobs");
    await deliver([pollJob({ jobId: "poll-none" })]);
    expect(await count("queue_jobs")).toBe(before + 1);
  });
});

describe("a machine that cannot reach the DNS resolver", () => {
  it("skips the source it cannot check and still completes the poll at once, so nothing waits on it", async () => {
    await env.DB.exec("UPDATE sources SET active = 0");
    await env.DB.prepare(
      "INSERT INTO sources (id, name, domain, feed_url, created_at) VALUES ('offline', 'Offline', 'wire.example.net', 'https://wire.example.net/feed.xml', 1)",
    ).run();
    const { result } = await deliver([pollJob({ jobId: "poll-offline" })], {
      DNS_RESOLVER_URL: "https://resolver.invalid/dns-query",
    });
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    expect(await jobStatus("poll-offline")).toMatchObject({ status: "completed" });
    expect(
      await env.DB.prepare("SELECT last_fetched_at AS fetchedAt FROM sources WHERE id = 'offline'").first(),
    ).toEqual({ fetchedAt: null });
  });
});

describe("configured feeds", () => {
  it("are the production list in production and none in development", () => {
    expect(configuredFeeds({ ENVIRONMENT: "production" })).toBe(PRODUCTION_FEEDS);
    expect(configuredFeeds({ ENVIRONMENT: "development" })).toEqual([]);
  });

  it("are public https feeds of news organisations in production", () => {
    expect(PRODUCTION_FEEDS.length).toBeGreaterThanOrEqual(5);
    for (const feed of PRODUCTION_FEEDS) {
      expect(checkPublicUrl(feed.feedUrl).ok, feed.feedUrl).toBe(true);
      expect(new URL(feed.feedUrl).protocol).toBe("https:");
    }
    expect(new Set(PRODUCTION_FEEDS.map((f) => f.id)).size).toBe(PRODUCTION_FEEDS.length);
  });
});
