import { env, SELF } from "cloudflare:test";
import { HIGHLIGHT_END, HIGHLIGHT_START, type SearchResponse } from "@unbiased/worker-shared/contracts/articles";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { searchArticles, toFtsQuery } from "../src/storage/search.ts";

const search = async (query: string, params = "") => {
  const res = await SELF.fetch(`http://127.0.0.1/api/articles/search/${encodeURIComponent(query)}${params}`);
  return { status: res.status, body: (await res.json()) as SearchResponse & { error?: string } };
};
const summary = (where: string) => JSON.stringify({ who: "", what: "", when: "", where, why: "", how: "" });
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  await insertArticle(env.DB, {
    id: "s-title",
    title: "Quantum sensors map groundwater",
    tldr: "Researchers map aquifers.",
    sourcedTime: now - 600,
  });
  await insertArticle(env.DB, {
    id: "s-body",
    title: "Water board meets",
    tldr: "The board discussed quantum budgeting rules.",
    sourcedTime: now - 60,
  });
  await insertArticle(env.DB, {
    id: "s-city",
    title: "Metro line opens",
    tldr: "A new line opens.",
    summary: summary("São Paulo"),
    sourcedTime: now - 120,
  });
  await insertArticle(env.DB, { id: "s-hidden", title: "Quantum secrets", status: "hidden", sourcedTime: now - 30 });
  for (let i = 0; i < 25; i++)
    await insertArticle(env.DB, {
      id: `s-bulk-${i}`,
      title: `Harbour report ${i}`,
      tldr: "Harbour traffic rose.",
      sourcedTime: now - 1000 - i,
    });
});

describe("GET /api/articles/search/{query}", () => {
  it("ranks a title match above a summary match, and marks the matches", async () => {
    const { status, body } = await search("quantum");
    expect(status).toBe(200);
    expect(body.data.map((a) => a.id)).toEqual(["s-title", "s-body"]);
    expect(body.data[0]!.highlights.title).toBe(`${HIGHLIGHT_START}Quantum${HIGHLIGHT_END} sensors map groundwater`);
    expect(body.data[1]!.highlights.snippet).toContain(`${HIGHLIGHT_START}quantum${HIGHLIGHT_END}`);
    expect(body.pagination).toEqual({
      page: 1,
      limit: 20,
      totalResults: 2,
      totalPages: 1,
      totalCapped: false,
      hasNext: false,
    });
  });

  it("matches the last word as a prefix", async () => {
    expect((await search("quant")).body.data.map((a) => a.id)).toEqual(["s-title", "s-body"]);
    expect((await search("sensors groundw")).body.data.map((a) => a.id)).toEqual(["s-title"]);
  });

  it("finds accented words without the accents, and the other way round", async () => {
    expect((await search("sao paulo")).body.data.map((a) => a.id)).toEqual(["s-city"]);
    expect((await search("São")).body.data.map((a) => a.id)).toEqual(["s-city"]);
  });

  it("ranks and counts only the newest matches when more match than the cap, and says so", async () => {
    // The 25 harbour articles entered the index in order, so the 10 newest there are s-bulk-15 … 24.
    const capped = await searchArticles(createDb(env.DB), "harbour", 1, 20, 10);
    expect(capped.totalResults).toBe(10);
    expect(capped.totalCapped).toBe(true);
    // Ranked among themselves (equal scores: the most recently sourced first).
    expect(capped.results.map((a) => a.id)).toEqual(Array.from({ length: 10 }, (_, i) => `s-bulk-${15 + i}`));
    const exact = await searchArticles(createDb(env.DB), "harbour", 1, 20, 25);
    expect([exact.totalResults, exact.totalCapped, exact.results.length]).toEqual([25, false, 20]);
  });

  it("pages with totalResults, totalPages and hasNext", async () => {
    const first = await search("harbour", "?limit=10");
    expect(first.body.pagination).toEqual({
      page: 1,
      limit: 10,
      totalResults: 25,
      totalPages: 3,
      totalCapped: false,
      hasNext: true,
    });
    const last = await search("harbour", "?limit=10&page=3");
    expect(last.body.data).toHaveLength(5);
    expect(last.body.pagination.hasNext).toBe(false);
    const beyond = await search("harbour", "?limit=10&page=4");
    expect(beyond.body.data).toEqual([]);
    // Recency breaks ties between equally relevant results.
    expect(first.body.data.slice(0, 3).map((a) => a.id)).toEqual(["s-bulk-0", "s-bulk-1", "s-bulk-2"]);
  });

  it("does not replay a computed answer's Server-Timing from the cache", async () => {
    const first = await SELF.fetch("http://127.0.0.1/api/articles/search/groundwater");
    expect(first.headers.get("Server-Timing")).toMatch(/^db;dur=/);
    const again = await SELF.fetch("http://127.0.0.1/api/articles/search/groundwater");
    expect(again.headers.get("X-Cache")).toBe("HIT");
    // Only the request's own D1 session entry (d1;…), never the first answer's query time.
    expect(again.headers.get("Server-Timing") ?? "").not.toMatch(/\bdb;dur=/);
    expect(await again.json()).toEqual(await first.json());
  });

  it("never shows hidden articles", async () => {
    const { body } = await search("secrets");
    expect(body.data).toEqual([]);
    expect(body.pagination.totalResults).toBe(0);
  });

  it.each([
    `"quantum`,
    `quantum"`,
    `quantum*`,
    `-quantum`,
    `quantum -sensors`,
    `NEAR(quantum sensors)`,
    `quantum OR`,
    `title:quantum`,
    `^quantum`,
    `(quantum`,
    `quantum AND NOT`,
    `'quantum'`,
  ])("treats FTS syntax as plain text: %s", async (query) => {
    const { status, body } = await search(query);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
  });

  it("answers a query with nothing searchable (only symbols or emoji) with no results, not an error", async () => {
    for (const query of ["***", "🙂", "--"]) {
      const { status, body } = await search(query);
      expect(status).toBe(200);
      expect(body.data).toEqual([]);
      expect(body.pagination.totalResults).toBe(0);
    }
  });

  it("refuses an empty or blank query and bad paging with 400", async () => {
    expect((await SELF.fetch("http://127.0.0.1/api/articles/search")).status).toBe(400);
    expect((await search("   ")).status).toBe(400);
    expect((await search("quantum", "?page=0")).status).toBe(400);
    expect((await search("quantum", "?limit=51")).status).toBe(400);
  });
});

describe("toFtsQuery", () => {
  it("quotes every word and makes the last one a prefix", () => {
    expect(toFtsQuery(`he said "stop" NEAR(x) -y*`)).toBe(`"he" "said" "stop" "NEAR" "x" "y" *`);
    expect(toFtsQuery("Zürich café")).toBe(`"Zürich" "café" *`);
    expect(toFtsQuery("!!!")).toBeNull();
  });
});
