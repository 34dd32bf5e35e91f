import { env, SELF } from "cloudflare:test";
import type { FeedResponse } from "@unbiased/worker-shared/contracts/articles";
import { CONTENT_VERSION_REUSE_MS } from "@unbiased/worker-shared/db/content-version";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, devSignIn } from "./support/session.ts";

const feed = async (path: string) => {
  const res = await SELF.fetch(`http://127.0.0.1${path}`);
  return { status: res.status, body: (await res.json()) as FeedResponse & { error?: string } };
};

const nowSeconds = Math.floor(Date.now() / 1000);

describe("GET /api/articles", () => {
  beforeAll(async () => {
    // 25 visible tech/science articles a minute apart, one hidden, one eight days old.
    for (let i = 0; i < 25; i++) {
      await insertArticle(env.DB, {
        id: `feed-${i}`,
        sourcedTime: nowSeconds - 60 * (i + 1),
        categories: i % 5 === 0 ? ["science", "tech"] : ["tech"],
      });
    }
    await insertArticle(env.DB, {
      id: "feed-hidden",
      sourcedTime: nowSeconds - 30,
      status: "hidden",
      hiddenReason: "duplicate",
    });
    await insertArticle(env.DB, { id: "feed-old", sourcedTime: nowSeconds - 8 * 86400, categories: ["science"] });
  });

  it("serves page 1 newest first in the spec's shape, with hasNext", async () => {
    const { status, body } = await feed("/api/articles");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(20);
    expect(body.pagination).toEqual({ page: 1, limit: 20, hasNext: true });
    expect(body.data[0]!.id).toBe("feed-0");
    const times = body.data.map((a) => a.sourcedTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.data[0]).toMatchObject({
      domain: "news.example",
      categories: ["science", "tech"],
      summary: { who: "Someone", what: "Something", when: "Today", where: "Lisbon", why: "", how: "" },
    });
    expect(body.data[0]).not.toHaveProperty("body");
  });

  it("ends with hasNext false on the last page and an empty page past it", async () => {
    expect((await feed("/api/articles?page=2")).body).toMatchObject({ pagination: { page: 2, hasNext: false } });
    expect((await feed("/api/articles?page=2")).body.data).toHaveLength(5);
    expect((await feed("/api/articles?page=3")).body).toMatchObject({
      data: [],
      pagination: { page: 3, hasNext: false },
    });
    expect((await feed("/api/articles?limit=25")).body.pagination.hasNext).toBe(false);
  });

  it("never shows a hidden article", async () => {
    const { body } = await feed("/api/articles?limit=50&period=all");
    expect(body.data.map((a) => a.id)).not.toContain("feed-hidden");
  });

  it("filters by period (default 7d)", async () => {
    expect((await feed("/api/articles?limit=50")).body.data.map((a) => a.id)).not.toContain("feed-old");
    expect((await feed("/api/articles?limit=50&period=30d")).body.data.map((a) => a.id)).toContain("feed-old");
    expect((await feed("/api/articles?limit=50&period=1h")).body.data).toHaveLength(25);
    expect((await feed("/api/articles?limit=50&period=all")).body.data).toHaveLength(26);
  });

  it("serves a category feed, with latest as all categories", async () => {
    const science = await feed("/api/articles/category/science?limit=50&period=all");
    expect(science.body.data.map((a) => a.id)).toEqual([
      "feed-0",
      "feed-5",
      "feed-10",
      "feed-15",
      "feed-20",
      "feed-old",
    ]);
    const latest = await feed("/api/articles/category/latest?limit=50&period=all");
    expect(latest.body.data).toHaveLength(26);
  });

  it("refuses an unknown category with 404", async () => {
    const { status, body } = await feed("/api/articles/category/sports");
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, error: "Unknown category: sports" });
  });

  it.each([
    ["sort=random", "sort must be one of: date, popularity"],
    ["period=2d", "period must be one of: 1h, 6h, 24h, 7d, 30d, all"],
    ["page=0", "page must be 1 or more"],
    ["page=abc", "page"],
    ["limit=0", "limit must be between 1 and 50"],
    ["limit=51", "limit must be between 1 and 50"],
    ["limit=2.5", "limit"],
  ])("refuses %s with a 400 and a clear message", async (query, message) => {
    const { status, body } = await feed(`/api/articles?${query}`);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error).toContain(message);
  });

  it("orders by popularity: net votes decayed by age, recency when there are no votes", async () => {
    // feed-3 (3 min old) gets +5, feed-10 (11 min old) gets +5 but is older, feed-7 gets net -2.
    for (const [id, up, down] of [
      ["feed-3", 5, 0],
      ["feed-10", 6, 1],
      ["feed-7", 0, 2],
    ] as const) {
      // As the article's ArticleVotes object copies its counts (workers/votes recorded-counts.ts).
      await env.DB.prepare("UPDATE articles SET upvotes = ?2, downvotes = ?3, net_votes = ?2 - ?3 WHERE id = ?1")
        .bind(id, up, down)
        .run();
    }
    const { body } = await feed("/api/articles?sort=popularity&limit=50&page=1&period=24h");
    const ids = body.data.map((a) => a.id);
    expect(ids.slice(0, 2)).toEqual(["feed-3", "feed-10"]);
    // Unvoted articles follow, newest first; the net-negative one comes last.
    expect(ids[2]).toBe("feed-0");
    expect(ids.at(-1)).toBe("feed-7");
  });
});

describe("GET /api/articles/{id}", () => {
  it("serves a visible article and 404 'Article not found' for hidden or unknown ones", async () => {
    await insertArticle(env.DB, { id: "single-1", title: "One article" });
    await insertArticle(env.DB, { id: "single-hidden", status: "hidden" });
    const res = await SELF.fetch("http://127.0.0.1/api/articles/single-1");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { id: "single-1", title: "One article" } });
    for (const id of ["single-hidden", "nope"]) {
      const missing = await SELF.fetch(`http://127.0.0.1/api/articles/${id}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ success: false, error: "Article not found" });
    }
  });
});

describe("caching of public responses", () => {
  it("gives anonymous reads s-maxage, stale-while-revalidate and an ETag, and 304 on a match", async () => {
    const first = await SELF.fetch("http://127.0.0.1/api/articles?limit=5");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\/"v\d+\.\d+"$/);
    const again = await SELF.fetch("http://127.0.0.1/api/articles?limit=5", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("answers simultaneous requests for an uncached page with one computation, the rest sharing it", async () => {
    const url = "http://127.0.0.1/api/articles?limit=7&sort=date&period=30d";
    // The cache key holds a 30-second time bucket: requests that straddled two buckets would be two
    // pages, each computed once. The clock (Date only, still running) is set back to just after the
    // bucket's start, never forward: what the other tests cached stays as old as it is.
    const now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(Math.min(now, now - (now % 30_000) + 500));
    const responses = await Promise.all(Array.from({ length: 8 }, () => SELF.fetch(url))).finally(() =>
      vi.useRealTimers(),
    );
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(responses.filter((r) => r.headers.get("X-Cache") !== "HIT")).toHaveLength(1);
    expect(new Set(bodies).size).toBe(1);
    expect(new Set(responses.map((r) => r.headers.get("ETag"))).size).toBe(1);
  });

  it("answers HEAD like GET, with the cache headers and no body", async () => {
    const res = await SELF.fetch("http://127.0.0.1/api/articles?limit=4", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    expect(res.headers.get("ETag")).toMatch(/^W\/"v\d+\.\d+"$/);
    expect(await res.text()).toBe("");
  });

  it("never shares a signed-in reader's response", async () => {
    const { token } = await devSignIn("user", "Private Reader");
    const res = await SELF.fetch("http://127.0.0.1/api/articles?limit=5", { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("ETag")).toBeNull();
    // The data itself is the public feed (nothing in it is about the reader).
    const anonymous = await SELF.fetch("http://127.0.0.1/api/articles?limit=5");
    expect(await res.json()).toEqual(await anonymous.json());
    // And a signed-in request that fills the shared tiers does not make anonymous answers private.
    const signedInFirst = await SELF.fetch("http://127.0.0.1/api/articles?limit=6", { headers: bearer(token) });
    expect(signedInFirst.headers.get("Cache-Control")).toBe("private, no-store");
    const anonymousAfter = await SELF.fetch("http://127.0.0.1/api/articles?limit=6");
    expect(anonymousAfter.headers.get("Cache-Control")).toBe(
      "public, max-age=0, s-maxage=30, stale-while-revalidate=60",
    );
    expect(anonymousAfter.headers.get("ETag")).toMatch(/^W\/"v\d+\.\d+"$/);
  });

  it("drops a hidden article from the cached feed within a second of another worker bumping the content version", async () => {
    await insertArticle(env.DB, { id: "cache-victim", sourcedTime: nowSeconds + 5 });
    const before = await feed("/api/articles?limit=3");
    expect(before.body.data[0]!.id).toBe("cache-victim");
    const etag = (await SELF.fetch("http://127.0.0.1/api/articles?limit=3")).headers.get("ETag");
    await env.DB.batch([
      env.DB.prepare("UPDATE articles SET status = 'hidden' WHERE id = 'cache-victim'"),
      env.DB.prepare("UPDATE content_version SET version = version + 1 WHERE id = 1"),
    ]);
    // A bump made elsewhere (here: straight in D1, as the ingest worker does) is seen once this
    // isolate's remembered version expires.
    await scheduler.wait(CONTENT_VERSION_REUSE_MS + 50);
    const after = await feed("/api/articles?limit=3");
    expect(after.body.data.map((a) => a.id)).not.toContain("cache-victim");
    expect(
      (await SELF.fetch("http://127.0.0.1/api/articles?limit=3", { headers: { "If-None-Match": etag! } })).status,
    ).toBe(200);
  });
});
