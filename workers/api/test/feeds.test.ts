// Atom feeds (ADR 018), read with rss-parser (xml2js underneath): a parser other than the
// ingest's fast-xml-parser, so what the feeds promise is checked by the way feed readers read them.
import { env, SELF } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import Parser from "rss-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, devSignIn } from "./support/session.ts";

const BASE = "http://127.0.0.1";

interface AtomLink {
  $: { rel: string; href: string; type?: string; title?: string };
}
interface AtomCategory {
  $: { term: string; label: string; scheme: string };
}
/** What rss-parser reads of an Atom entry beyond its own Item type (id, author) and what it is told to keep. */
type Entry = { id: string; author: string; updated: string; links: AtomLink[]; categories: AtomCategory[] };
type Feed = { id: string; updated: string };
const parser = new Parser<Feed, Entry>({
  customFields: {
    feed: ["id", "updated"],
    item: ["updated", ["link", "links", { keepArray: true }], ["category", "categories", { keepArray: true }]],
  },
});

const readFeed = async (path: string, headers: Record<string, string> = {}) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers });
  return { response, xml: await response.text() };
};
const parse = async (path: string) => {
  const { response, xml } = await readFeed(path);
  expect(response.status).toBe(200);
  return parser.parseString(xml);
};
const linkOf = (entry: Entry, rel: string) => entry.links.find((link) => link.$.rel === rel)?.$.href;

let tech: Awaited<ReturnType<typeof insertArticle>>[];
let science: Awaited<ReturnType<typeof insertArticle>>;

beforeAll(async () => {
  const now = Math.floor(Date.now() / 1000);
  // 55 tech stories a minute apart (newest first), one science story in between, one hidden story.
  tech = [];
  for (let i = 0; i < 55; i++)
    tech.push(
      await insertArticle(env.DB, {
        id: `tech-${i}`,
        title: `Tech story ${i}`,
        sourcedTime: now - i * 60 - 30,
        sourceName: i % 2 ? "Wire Desk" : null,
        categories: ["tech"],
      }),
    );
  science = await insertArticle(env.DB, {
    id: "sci-1",
    title: 'Comet & moon: <what> \u0007astronomers "saw"',
    url: "https://science.example/comet?x=1&y=2",
    domain: "science.example",
    author: "Jane Doe",
    sourcedTime: now - 100,
    updatedAt: (now + 5) * 1000,
    categories: ["science", "world"],
  });
  await insertArticle(env.DB, { id: "hidden-1", status: "hidden", sourcedTime: now, categories: ["tech"] });
});

describe("GET /feed.xml", () => {
  it("is Atom with the 50 newest visible articles, each with its id, times, author, categories, TLDR and absolute links", async () => {
    const { response } = await readFeed("/feed.xml");
    expect(response.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    const feed = await parse("/feed.xml");
    expect(feed.title).toBe("Unbiased 24/7 — Latest News");
    expect(feed.id).toBe(`${BASE}/feed.xml`);
    expect(feed.feedUrl).toBe(`${BASE}/feed.xml`);
    expect(feed.link).toBe(`${BASE}/`);
    expect(feed.items).toHaveLength(50);
    expect(feed.items.map((item) => item.id)).not.toContain(`${BASE}/article/hidden-1`);
    // Newest first: tech-0, tech-1 (90 s old), the science story (100 s), then tech-2 onwards.
    expect(feed.items.slice(0, 4).map((item) => item.title)).toEqual([
      "Tech story 0",
      "Tech story 1",
      science.title.replace("\u0007", ""),
      "Tech story 2",
    ]);

    for (const item of feed.items) {
      expect(item.id).toMatch(new RegExp(`^${BASE}/article/[^/]+$`));
      expect(new URL(linkOf(item, "alternate")!).origin).toBe(BASE);
      expect(linkOf(item, "alternate")).toMatch(/^http:\/\/127\.0\.0\.1\/article\/[a-z0-9-]+\/[^/]+$/);
      expect(linkOf(item, "related")).toMatch(/^https:\/\//);
      expect(new Date(item.updated).toISOString()).toBe(item.updated);
      expect(new Date(item.updated).getTime()).toBeGreaterThanOrEqual(new Date(item.isoDate!).getTime());
      expect(item.author).toBeTruthy();
      expect(item.summary).toMatch(/\S/);
    }

    const sci = feed.items.find((item) => item.id === `${BASE}/article/sci-1`)!;
    expect(linkOf(sci, "alternate")).toBe(`${BASE}/article/comet-moon-what-astronomers-saw/sci-1`);
    expect(linkOf(sci, "related")).toBe("https://science.example/comet?x=1&y=2");
    expect(sci.author).toBe("Jane Doe");
    expect(sci.summary).toBe(science.tldr);
    expect(sci.isoDate).toBe(new Date(science.sourcedTime * 1000).toISOString());
    expect(sci.updated).toBe(new Date(science.updatedAt).toISOString());
    expect(sci.categories.map((c) => [c.$.term, c.$.label])).toEqual([
      ["science", "Science"],
      ["world", "World"],
    ]);
    // No byline: the outlet's name, else its domain.
    const byId = (id: string) => feed.items.find((item) => item.id === `${BASE}/article/${id}`)!;
    expect(byId("tech-1").author).toBe("Wire Desk");
    expect(byId("tech-2").author).toBe("news.example");
    // The feed changed when its newest entry did.
    expect(feed.updated).toBe(new Date(science.updatedAt).toISOString());
  });

  it("is cached and validated like the articles API: an ETag, a 304 for it, a new one once an article is hidden", async () => {
    const first = await readFeed("/feed.xml");
    const etag = first.response.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"v\d+\.\d+"$/);
    expect(first.response.headers.get("Cache-Control")).toBe(
      "public, max-age=0, s-maxage=30, stale-while-revalidate=60",
    );
    const again = await readFeed("/feed.xml", { "If-None-Match": etag });
    expect(again.response.status).toBe(304);
    expect(again.xml).toBe("");

    const admin = await devSignIn("admin", "Feed Admin");
    const hide = await SELF.fetch(`${BASE}/api/articles/admin/tech-0/hide`, {
      method: "PUT",
      headers: { ...bearer(admin.token), "content-type": "application/json" },
      body: JSON.stringify({ reason: "Duplicate" }),
    });
    expect(hide.status).toBe(200);
    const after = await readFeed("/feed.xml", { "If-None-Match": etag });
    expect(after.response.status).toBe(200);
    expect(after.response.headers.get("ETag")).not.toBe(etag);
    const feed = await parser.parseString(after.xml);
    expect(feed.items.map((item) => item.id)).not.toContain(`${BASE}/article/tech-0`);
  });
});

describe("GET /category/{category}/feed.xml", () => {
  it("carries only that category's articles, and names itself", async () => {
    const feed = await parse("/category/science/feed.xml");
    expect(feed.title).toBe("Unbiased 24/7 — Science");
    expect(feed.feedUrl).toBe(`${BASE}/category/science/feed.xml`);
    expect(feed.link).toBe(`${BASE}/category/science`);
    expect(feed.items.map((item) => item.id)).toEqual([`${BASE}/article/sci-1`]);
    expect((await parse("/category/tech/feed.xml")).items).toHaveLength(50);
  });

  it("answers an unknown category with 404", async () => {
    const { response } = await readFeed("/category/astrology/feed.xml");
    expect(response.status).toBe(404);
  });
});

describe("the page's head", () => {
  const feedLinks = async (path: string) => {
    const html = await (await SELF.fetch(`${BASE}${path}`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    return [
      ...head.matchAll(/<link rel="alternate" type="application\/atom\+xml" title="([^"]+)" href="([^"]+)">/g),
    ].map(([, title = "", href = ""]) => ({ title, href }));
  };

  it("links Latest's feed on every page, and a category page its category's", async () => {
    const latest = { title: "Unbiased 24/7 — Latest News", href: `${BASE}/feed.xml` };
    expect(await feedLinks("/")).toEqual([latest]);
    expect(await feedLinks("/article/sci-1")).toEqual([latest]);
    expect(await feedLinks("/moderation")).toEqual([latest]);
    expect(await feedLinks("/category/science")).toEqual([
      { title: "Unbiased 24/7 — Science", href: `${BASE}/category/science/feed.xml` },
    ]);
    expect(await feedLinks("/news/category/tech")).toEqual([
      { title: "Unbiased 24/7 — Tech", href: `${BASE}/category/tech/feed.xml` },
    ]);
    // Every link it names answers.
    for (const { href } of [...(await feedLinks("/")), ...(await feedLinks("/category/science"))])
      expect((await SELF.fetch(href)).status).toBe(200);
  });
});
