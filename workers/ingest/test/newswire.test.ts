// The local sample newswire (development only) and a poll of it: all 118 sample articles queued.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { extractPage } from "../src/extract/extract-page.ts";
import { parseFeed } from "../src/feeds/parse-feed.ts";
import worker from "../src/index.ts";
import { NEWSWIRE_ARTICLES, SUBMISSION_ONLY_KEY } from "../src/newswire/corpus.ts";
import { deliver, pollJob } from "./support/jobs.ts";
import { NEWSWIRE_ORIGIN } from "./support/origins.ts";

const get = (path: string, init?: RequestInit) => SELF.fetch(`${NEWSWIRE_ORIGIN}${path}`, init);

describe("GET /newswire/feed.xml", () => {
  it("lists every sample article but the submission-only one, newest first, dated relative to now, with its category", async () => {
    const res = await get("/newswire/feed.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const feed = parseFeed(await res.text(), `${NEWSWIRE_ORIGIN}/newswire/feed.xml`);
    expect(NEWSWIRE_ARTICLES.length).toBe(118);
    expect(feed.items).toHaveLength(117);
    expect(feed.items.some((item) => item.url.endsWith(`/${SUBMISSION_ONLY_KEY}`))).toBe(false);
    const sample = NEWSWIRE_ARTICLES.find((a) => a.key === feed.items[0]!.url.split("/").pop())!;
    expect(feed.items[0]!.categories).toEqual([sample.category]);
    const expected = Math.floor(Date.now() / 60_000) * 60 - sample.hoursAgo * 3600;
    expect(Math.abs(feed.items[0]!.publishedAt! - expected)).toBeLessThanOrEqual(60);
    const times = feed.items.map((i) => i.publishedAt!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("answers 304 to a conditional GET within the same minute", async () => {
    const first = await get("/newswire/feed.xml");
    const etag = first.headers.get("ETag")!;
    const second = await get("/newswire/feed.xml", { headers: { "If-None-Match": etag } });
    expect([304, 200]).toContain(second.status);
    if (second.headers.get("ETag") === etag) expect(second.status).toBe(304);
  });
});

describe("GET /newswire/articles/{key}", () => {
  it("serves a publisher-like page whose extraction gives back the sample article", async () => {
    const sample = NEWSWIRE_ARTICLES[0]!;
    const res = await get(`/newswire/articles/${sample.key}`);
    expect(res.status).toBe(200);
    const page = await extractPage(await res.text(), `${NEWSWIRE_ORIGIN}/newswire/articles/${sample.key}`);
    expect(page).toMatchObject({
      title: sample.title,
      canonicalUrl: sample.url,
      siteName: sample.source,
      author: sample.author,
    });
    expect(page.text).toBe(
      sample.body
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .join("\n\n"),
    );
  });

  it("is a 404 for an unknown key", async () => {
    expect((await get("/newswire/articles/no-such-story")).status).toBe(404);
  });
});

describe("outside development", () => {
  it("does not exist", async () => {
    for (const path of ["/newswire/feed.xml", `/newswire/articles/${NEWSWIRE_ARTICLES[0]!.key}`]) {
      const res = await worker.fetch(
        new Request(`${NEWSWIRE_ORIGIN}${path}`),
        { ...env, ENVIRONMENT: "production" },
        {} as ExecutionContext,
      );
      expect(res.status).toBe(404);
    }
  });
});

describe("POST /newswire/poll, then the poll job", () => {
  it("registers the newswire at the origin it was asked on and enqueues a poll, which queues all 118 articles", async () => {
    // A stack on another port first: the source follows the origin (validators reset).
    await SELF.fetch("http://127.0.0.1:9999/newswire/poll", { method: "POST" });
    const res = await get("/newswire/poll", { method: "POST" });
    expect(res.status).toBe(202);
    const { data } = (await res.json()) as { data: { jobId: string } };
    expect(await env.DB.prepare("SELECT kind, status FROM queue_jobs WHERE id = ?").bind(data.jobId).first()).toEqual({
      kind: "sources.poll",
      status: "pending",
    });
    expect(
      await env.DB.prepare("SELECT id, feed_url AS feedUrl, active FROM sources")
        .all()
        .then((r) => r.results),
    ).toEqual([{ id: "sample-newswire", feedUrl: `${NEWSWIRE_ORIGIN}/newswire/feed.xml`, active: 1 }]);

    await env.DB.exec("DELETE FROM queue_jobs");
    await deliver([pollJob({ jobId: data.jobId })]);
    const status = await (await get("/newswire/status")).json();
    expect(status).toEqual({
      success: true,
      data: {
        jobs: { pending: 118, processing: 0, completed: 1, failed: 0, total: 119 },
        background: { pending: 0, processing: 0, completed: 0, failed: 0, total: 0 },
      },
    });
  });

  it("counts the summary catch-up apart: thousands of stale seeded articles never hold up readiness", async () => {
    await env.DB.exec("DELETE FROM queue_jobs");
    const now = Date.now();
    await env.DB.batch(
      [
        ["poll-done", "sources.poll", "completed"],
        ["refresh-1", "summaries.refresh", "completed"],
        ["refresh-2", "summaries.refresh", "pending"],
      ].map(([id, kind, status]) =>
        env.DB.prepare(
          "INSERT INTO queue_jobs (id, queue, kind, status, attempts, created_at, updated_at) VALUES (?, 'unbiased-ingest', ?, ?, 1, ?, ?)",
        ).bind(id, kind, status, now, now),
      ),
    );
    const { data } = (await (await get("/newswire/status")).json()) as {
      data: Record<"jobs" | "background", Record<string, number>>;
    };
    expect(data.jobs).toMatchObject({ pending: 0, processing: 0, completed: 1, total: 1 });
    expect(data.background).toMatchObject({ pending: 1, completed: 1, total: 2 });
  });

  it("GET /api/ingest/health reports D1 and the queue", async () => {
    const res = await SELF.fetch("https://ingest.internal/api/ingest/health");
    expect(await res.json()).toEqual({
      success: true,
      data: { status: "ok", checks: { db: "ok", ingestQueue: "ok" } },
    });
  });
});
