// One outlet's articles (/source/{domain}, ADR 018): its feed API, its Atom feed and its page, read
// through the gateway as a reader's browser reads them.
import { env, SELF } from "cloudflare:test";
import type { FeedResponse } from "@unbiased/worker-shared/contracts/articles";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import fc from "fast-check";
import Parser from "rss-parser";
import { beforeAll, describe, expect, it } from "vitest";

const BASE = "http://127.0.0.1";
const OUTLET = "harbour.example";

beforeAll(async () => {
  const now = Math.floor(Date.now() / 1000);
  // Three of the outlet's stories an hour apart (newest first), one it had hidden, and another outlet's.
  for (const n of [0, 1, 2])
    await insertArticle(env.DB, {
      id: `harbour-${n}`,
      url: `https://www.${OUTLET}/story-${n}`,
      domain: OUTLET,
      sourcedTime: now - n * 3600,
      categories: ["world"],
    });
  await insertArticle(env.DB, {
    id: "harbour-hidden",
    url: `https://${OUTLET}/hidden`,
    domain: OUTLET,
    status: "hidden",
    sourcedTime: now,
  });
  await insertArticle(env.DB, {
    id: "elsewhere",
    url: "https://other.example/a",
    domain: "other.example",
    sourcedTime: now - 86_400,
  });
});

const feedOf = async (path: string) => {
  const response = await SELF.fetch(`${BASE}${path}`);
  return { status: response.status, body: (await response.json()) as FeedResponse & { error?: string } };
};

describe("an outlet's feed API", () => {
  it("lists only the outlet's visible stories, newest first, paged", async () => {
    const { status, body } = await feedOf(`/api/articles/source/${OUTLET}?page=1&limit=2`);
    expect(status).toBe(200);
    expect(body.data.map((article) => article.id)).toEqual(["harbour-0", "harbour-1"]);
    expect(body.pagination).toEqual({ page: 1, limit: 2, hasNext: true });
    const next = await feedOf(`/api/articles/source/${OUTLET}?page=2&limit=2`);
    expect(next.body.data.map((article) => article.id)).toEqual(["harbour-2"]);
    expect(next.body.pagination.hasNext).toBe(false);
  });

  it("reads any spelling of the domain as its one written form", async () => {
    const { status, body } = await feedOf(`/api/articles/source/WWW.Harbour.Example?limit=5`);
    expect(status).toBe(200);
    expect(body.data.map((article) => article.id)).toEqual(["harbour-0", "harbour-1", "harbour-2"]);
  });

  it("sorts by popularity like a category", async () => {
    const { status, body } = await feedOf(`/api/articles/source/${OUTLET}?sort=popularity&period=all`);
    expect(status).toBe(200);
    expect(body.data.map((article) => article.id).sort()).toEqual(["harbour-0", "harbour-1", "harbour-2"]);
  });

  it("is 404 for an outlet with no visible story and for what is no domain", async () => {
    for (const domain of ["nowhere.example", "localhost", "a%40b.example"]) {
      const { status, body } = await feedOf(`/api/articles/source/${domain}`);
      expect(status).toBe(404);
      expect(body.success).toBe(false);
    }
    // Known, but nothing in the last hour: an empty page, not a 404.
    const quiet = await feedOf(`/api/articles/source/other.example?period=1h`);
    expect(quiet.status).toBe(200);
    expect(quiet.body.data).toEqual([]);
  });
});

describe("an outlet's address, fuzzed", () => {
  it("is never a server error: a domain's feed, or a 404 with a message, for any segment", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.domain(), fc.webSegment()), async (segment) => {
        const response = await SELF.fetch(`${BASE}/api/articles/source/${encodeURIComponent(segment)}`);
        const body = (await response.json()) as { success: boolean; error?: string };
        expect([200, 404]).toContain(response.status);
        if (response.status === 404) expect(body.error).toMatch(/^(Unknown outlet: |No route for )/);
      }),
      { numRuns: 60 },
    );
  });
});

describe("an outlet's Atom feed", () => {
  it("parses, and carries only the outlet's visible stories", async () => {
    const response = await SELF.fetch(`${BASE}/source/${OUTLET}/feed.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/atom\+xml/);
    const feed = await new Parser().parseString(await response.text());
    expect(feed.title).toContain(OUTLET);
    expect(feed.items.map((item) => item.id)).toEqual(
      ["harbour-0", "harbour-1", "harbour-2"].map((id) => `${BASE}/article/${id}`),
    );
  });

  it("is 404 for an unknown outlet", async () => {
    expect((await SELF.fetch(`${BASE}/source/nowhere.example/feed.xml`)).status).toBe(404);
  });
});

describe("an outlet's page", () => {
  it("is one address: another spelling is sent on to it, with its query", async () => {
    const response = await SELF.fetch(`${BASE}/source/WWW.HARBOUR.example?page=2`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(`/source/${OUTLET}?page=2`);
    // Percent-escapes are another spelling, though Hono's path reads them decoded.
    const escaped = await SELF.fetch(`${BASE}/source/%68arbour.example`, { redirect: "manual" });
    expect(escaped.status).toBe(301);
    expect(escaped.headers.get("Location")).toBe(`/source/${OUTLET}`);
  });

  it("answers 404 for what is no outlet's domain, never a 200 that says so", async () => {
    for (const segment of ["localhost", "a_b.example", "nowhere.example"]) {
      const response = await SELF.fetch(`${BASE}/source/${segment}`);
      expect(response.status).toBe(404);
      await response.arrayBuffer();
    }
  });

  it("links the outlet's own feed in its head", async () => {
    const response = await SELF.fetch(`${BASE}/source/${OUTLET}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`href="${BASE}/source/${OUTLET}/feed.xml"`);
  });
});
