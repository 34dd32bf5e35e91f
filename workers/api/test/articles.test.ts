import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { insertArticle } from "@unbiased/worker-shared/test/fixtures";
import type { FeedResponse } from "@unbiased/worker-shared/contracts/articles";

const feed = async (path: string) => {
  const res = await SELF.fetch(`http://127.0.0.1${path}`);
  return { status: res.status, body: (await res.json()) as FeedResponse & { error?: string } };
};

const nowSeconds = Math.floor(Date.now() / 1000);

describe("GET /api/articles", () => {
  beforeAll(async () => {
    // 25 visible tech/science articles a minute apart, one hidden, one eight days old.
    for (let i = 0; i < 25; i++) {
      await insertArticle(env.DB, { id: `feed-${i}`, sourcedTime: nowSeconds - 60 * (i + 1), categories: i % 5 === 0 ? ["science", "tech"] : ["tech"] });
    }
    await insertArticle(env.DB, { id: "feed-hidden", sourcedTime: nowSeconds - 30, status: "hidden", hiddenReason: "duplicate" });
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
    expect((await feed("/api/articles?page=3")).body).toMatchObject({ data: [], pagination: { page: 3, hasNext: false } });
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
    expect(science.body.data.map((a) => a.id)).toEqual(["feed-0", "feed-5", "feed-10", "feed-15", "feed-20", "feed-old"]);
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
});
