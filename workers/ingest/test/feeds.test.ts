// Feed parsing of RSS 2.0, Atom and JSON Feed, fetched over HTTP from the fixture stand-in.
import { describe, expect, it } from "vitest";
import { FeedParseError } from "../src/feeds/feed-item.ts";
import { parseFeed } from "../src/feeds/parse-feed.ts";
import { FIXTURES_ORIGIN } from "./support/origins.ts";

async function feed(path: string) {
  const url = `${FIXTURES_ORIGIN}/feeds/${path}`;
  const res = await fetch(url);
  return { text: await res.text(), url };
}

const parse = async (path: string) => {
  const { text, url } = await feed(path);
  return parseFeed(text, url);
};

describe("RSS 2.0", () => {
  it("reads items with links, dates and categories, decoding entities", async () => {
    const parsed = await parse("rss.xml");
    expect(parsed.kind).toBe("rss");
    expect(parsed.title).toBe("Harbour & Coast Daily");
    expect(parsed.items[0]).toEqual({
      url: "https://fixtures.example/pages/article.html?utm_source=rss&utm_medium=feed",
      title: "Ferry operators & unions reach a deal",
      publishedAt: Date.parse("2026-06-01T08:00:00Z") / 1000,
      categories: ["Business", "World"],
    });
  });

  it("decodes HTML entities inside CDATA and drops markup", async () => {
    const [, cdata] = (await parse("rss.xml")).items;
    expect(cdata!.title).toBe("Café owners say “enough” to late-night rules");
  });

  it("decodes numeric entities", async () => {
    expect((await parse("rss.xml")).items[3]!.title).toBe("Numeric entities: café — déjà vu");
  });

  it("resolves relative links against the feed's URL", async () => {
    const items = (await parse("rss.xml")).items;
    expect(items[1]!.url).toBe("https://fixtures.example/pages/second.html");
    expect(items[3]!.url).toBe("https://fixtures.example/feeds/pages/relative-to-feed.html");
  });

  it("takes dc:date when there is no pubDate, and null for a missing or unreadable date", async () => {
    const items = (await parse("rss.xml")).items;
    expect(items[1]!.publishedAt).toBe(Date.parse("2026-06-01T07:30:00Z") / 1000);
    expect(items[2]!.publishedAt).toBeNull();
    expect(items[3]!.publishedAt).toBeNull();
  });

  it("uses a permalink guid as the link and skips items without any link", async () => {
    const items = (await parse("rss.xml")).items;
    expect(items[2]!.url).toBe("https://fixtures.example/pages/undated.html");
    expect(items).toHaveLength(4);
  });
});

describe("Atom", () => {
  it("takes the alternate link, resolved against xml:base, and decodes escaped HTML titles", async () => {
    const parsed = await parse("atom.atom");
    expect(parsed.kind).toBe("atom");
    expect(parsed.title).toBe("Lattice & Loom");
    expect(parsed.items[0]).toEqual({
      url: "https://fixtures.example/blog/posts/chip-rules",
      title: "Chip rules & what they cover",
      publishedAt: Date.parse("2026-06-01T06:15:00Z") / 1000,
      categories: ["Technology"],
    });
  });

  it("honours an entry's own xml:base, falls back to updated, and keeps undated entries", async () => {
    const [, second, third] = (await parse("atom.atom")).items;
    expect(second).toEqual({
      url: "https://fixtures.example/other/second",
      title: "Only an updated date",
      publishedAt: Date.parse("2026-05-31T22:00:00Z") / 1000,
      categories: ["science"],
    });
    expect(third!.publishedAt).toBeNull();
  });
});

describe("JSON Feed", () => {
  it("reads url or external_url, resolves relative URLs, keeps tags, and skips items without a URL", async () => {
    const parsed = await parse("feed.json");
    expect(parsed.kind).toBe("json");
    expect(parsed.title).toBe("Science & Frontier");
    expect(parsed.items).toEqual([
      {
        url: "https://fixtures.example/pages/article.html",
        title: "Vent field & its neighbours",
        publishedAt: Date.parse("2026-06-01T06:00:00Z") / 1000,
        categories: ["Science", "World"],
      },
      {
        url: "https://fixtures.example/pages/second.html",
        title: "Linked elsewhere",
        publishedAt: Date.parse("2026-06-01T05:00:00Z") / 1000,
        categories: [],
      },
      { url: "https://fixtures.example/pages/undated.html", title: "Undated", publishedAt: null, categories: [] },
    ]);
  });

  it("refuses JSON that is not a JSON Feed", () => {
    expect(() => parseFeed(`{"items": []}`, FIXTURES_ORIGIN)).toThrow(FeedParseError);
    expect(() => parseFeed(`{"version": "https://jsonfeed.org/version/1.1", "items": [`, FIXTURES_ORIGIN)).toThrow(
      /not valid JSON/,
    );
  });
});

describe("documents that are not feeds", () => {
  it("refuses malformed XML with the parser's reason", async () => {
    await expect(parse("malformed.xml")).rejects.toThrow(/Feed is not well-formed XML: .*line \d+/);
  });

  it("refuses well-formed XML that is no feed", async () => {
    await expect(parse("not-a-feed.xml")).rejects.toThrow(
      "Not a feed: expected an <rss>, <rdf:RDF> or Atom <feed> root element",
    );
  });

  it("reads RSS 1.0 (RDF) too", () => {
    const rdf = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel rdf:about="https://fixtures.example/"><title>RDF</title></channel>
      <item rdf:about="https://fixtures.example/pages/article.html"><title>One</title><link>https://fixtures.example/pages/article.html</link><dc:date>2026-06-01T00:00:00Z</dc:date></item>
    </rdf:RDF>`;
    expect(parseFeed(rdf, FIXTURES_ORIGIN)).toEqual({
      kind: "rss",
      title: "RDF",
      items: [
        {
          url: "https://fixtures.example/pages/article.html",
          title: "One",
          publishedAt: Date.parse("2026-06-01T00:00:00Z") / 1000,
          categories: [],
        },
      ],
    });
  });
});
