// Readable text and metadata from HTML fixtures (HTMLRewriter, as in production).
import { describe, expect, it } from "vitest";
import { extractPage } from "../src/extract/extract-page.ts";
import { FIXTURES_ORIGIN } from "./support/origins.ts";

async function extract(path: string) {
  const url = `${FIXTURES_ORIGIN}/pages/${path}`;
  return extractPage(await (await fetch(url)).text(), url);
}

describe("extractPage", () => {
  it("reads Open Graph, article and author meta tags and the canonical link, with entities decoded", async () => {
    const page = await extract("article.html");
    expect(page).toMatchObject({
      title: "Ferry operators & unions reach a deal on winter timetables",
      canonicalUrl: "https://fixtures.example/pages/article.html?utm_source=canonical#top",
      publishedAt: Date.parse("2026-06-01T07:45:00Z") / 1000,
      imageUrl: "https://fixtures.example/images/ferry.jpg",
      author: "Marta Lindqvist",
      siteName: "Harbour & Coast Daily",
      description: "A short description that is not the story.",
    });
  });

  it("keeps the story's paragraphs and drops the header, navigation, aside, footer and short fragments", async () => {
    const { text } = await extract("article.html");
    const paragraphs = text.split("\n\n");
    expect(paragraphs).toHaveLength(3);
    expect(paragraphs[0]).toBe(
      "Ferry operators and the seafarers’ union in Gothenburg agreed on Sunday to a new winter timetable, ending a dispute that had threatened crossings to Frederikshavn for three weeks.",
    );
    expect(paragraphs[1]).toContain("according to the union’s negotiator, Per Ekholm.");
    expect(paragraphs[2]).toContain("“predictable for the first time in a decade”");
    expect(text).not.toMatch(/subscribe|Most read|All rights reserved|Share this/);
  });

  it("falls back to schema.org JSON-LD (in an @graph) for the headline, date, author, publisher and image", async () => {
    const page = await extract("second.html");
    expect(page).toMatchObject({
      title: "Café owners push back on late-night rules",
      canonicalUrl: null,
      publishedAt: Date.parse("2026-06-01T07:20:00Z") / 1000,
      imageUrl: "https://cdn.fixtures.example/cafe.jpg",
      author: "Jonas Berg",
      siteName: "City Ledger",
    });
  });

  it("reads paragraphs whose closing tags are left out, outside any <article> or <main>", async () => {
    const paragraphs = (await extract("second.html")).text.split("\n\n");
    expect(paragraphs).toHaveLength(3);
    expect(paragraphs[0]).toBe(
      "Owners of more than forty cafés in central Lisbon said on Monday they would challenge new rules that force terraces to close at 11pm on weeknights.",
    );
    expect(paragraphs[2]).toContain("phase it in.");
  });

  it("uses <main> and the document title when nothing else is declared", async () => {
    const page = await extract("undated.html");
    expect(page).toMatchObject({
      title: "A page without any date",
      publishedAt: null,
      imageUrl: null,
      author: null,
      siteName: null,
    });
    expect(page.text.split("\n\n")).toHaveLength(2);
  });

  it("finds no readable text on a page that is all chrome", async () => {
    expect((await extract("chrome-only.html")).text).toBe("");
  });

  it("survives broken JSON-LD, void elements matching chrome selectors, and relative or non-http image URLs", async () => {
    const html = `<html><head><script type="application/ld+json">{ broken</script>
      <meta property="og:image" content="javascript:alert(1)"><meta name="twitter:image" content="//cdn.example.org/x.png"></head>
      <body><img aria-hidden="true" src="x.png"><article><p>One short paragraph of the story that is long enough to keep.</p></article></body></html>`;
    const page = await extractPage(html, "https://news.example/a");
    expect(page.imageUrl).toBe("https://cdn.example.org/x.png");
    expect(page.text).toBe("One short paragraph of the story that is long enough to keep.");
  });
});
