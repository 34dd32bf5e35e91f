// The "article.ingest" job end to end: fetch (fixture stand-in), extract, summarize, classify, locate,
// pick an image, store in one batch; duplicates map to the existing article.
import { env } from "cloudflare:test";
import { SUMMARIZER_VERSION } from "@unbiased/worker-shared/summarizer/version";
import { insertUser } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { contentVersion, count, deliver, ingestJob, jobStatus } from "./support/jobs.ts";
import { FIXTURES_ORIGIN } from "./support/origins.ts";

const ARTICLE_URL = `${FIXTURES_ORIGIN}/pages/article.html`;
const FEED_TIME = Math.floor(Date.parse("2026-06-01T08:00:00Z") / 1000);

interface Row {
  id: string;
  url: string;
  title: string;
  domain: string;
  source_name: string;
  author: string | null;
  thumbnail_url: string;
  image_attribution: string | null;
  sourced_time: number;
  tldr: string;
  short_summary: string;
  summary: string;
  detailed_summary: string;
  body: string;
  entities: string;
  summarizer_version: number;
}

const articleByUrl = (url: string) => env.DB.prepare("SELECT * FROM articles WHERE url = ?").bind(url).first<Row>();
const categoriesOf = async (id: string) =>
  (
    await env.DB.prepare(
      "SELECT category, sourced_time AS sourcedTime FROM article_categories WHERE article_id = ? ORDER BY category",
    )
      .bind(id)
      .all<{ category: string; sourcedTime: number }>()
  ).results;

describe("article.ingest", () => {
  let versionBefore = 0;

  beforeAll(async () => {
    versionBefore = await contentVersion();
    const { result } = await deliver([
      ingestJob(
        { url: `${ARTICLE_URL}?utm_source=rss`, sourceId: null, feedCategories: ["Business"], publishedAt: FEED_TIME },
        { jobId: "ingest-article" },
      ),
    ]);
    expect(result.explicitAcks).toHaveLength(1);
  });

  it("stores the article under its canonical URL with the page's metadata", async () => {
    const row = await articleByUrl(ARTICLE_URL);
    expect(row).toMatchObject({
      url: ARTICLE_URL,
      title: "Ferry operators & unions reach a deal on winter timetables",
      domain: "fixtures.example",
      source_name: "Harbour & Coast Daily",
      author: "Marta Lindqvist",
      thumbnail_url: "https://fixtures.example/images/ferry.jpg",
      image_attribution: "Image: Harbour & Coast Daily",
      sourced_time: FEED_TIME,
    });
    expect(row!.id).toMatch(/^[0-9a-f]{16}$/);
    expect(row!.body.split("\n\n")).toHaveLength(3);
    expect(JSON.parse(row!.entities)).toEqual(expect.arrayContaining(["gothenburg"]));
    expect(await jobStatus("ingest-article")).toMatchObject({ status: "completed", attempts: 1 });
  });

  it("summarizes: a non-empty TLDR, short and detailed summaries, and exactly the six questions", async () => {
    const row = (await articleByUrl(ARTICLE_URL))!;
    expect(row.tldr.trim()).not.toBe("");
    expect(row.short_summary.trim()).not.toBe("");
    expect(row.detailed_summary.trim()).not.toBe("");
    const summary = JSON.parse(row.summary) as Record<string, unknown>;
    expect(Object.keys(summary).sort()).toEqual(["how", "what", "when", "where", "who", "why"]);
    for (const value of Object.values(summary)) expect(typeof value).toBe("string");
    expect(summary.what).not.toBe("");
    // Written by the current summarizer, so the catch-up (summaries.refresh) leaves it alone.
    expect(row.summarizer_version).toBe(SUMMARIZER_VERSION);
  });

  it("takes the feed's category and repeats the publication time in the category index", async () => {
    const row = (await articleByUrl(ARTICLE_URL))!;
    expect(await categoriesOf(row.id)).toEqual([{ category: "business", sourcedTime: FEED_TIME }]);
  });

  it("bumps the content version once, in the same batch", async () => {
    expect(await contentVersion()).toBe(versionBefore + 1);
  });

  it("maps other spellings of the URL, and a page whose canonical link names it, to the one article", async () => {
    const spellings = [
      `${FIXTURES_ORIGIN.toUpperCase()}/pages/article.html/#comments`,
      `${ARTICLE_URL}?fbclid=abc&utm_medium=social`,
      `${FIXTURES_ORIGIN}/pages/syndicated.html`,
    ];
    const { result } = await deliver(spellings.map((url) => ingestJob({ url })));
    expect(result.explicitAcks).toHaveLength(3);
    expect(await count("articles")).toBe(1);
  });

  it("moves the publication time forward for a newer feed date, never back", async () => {
    const id = (await articleByUrl(ARTICLE_URL))!.id;
    await deliver([ingestJob({ url: ARTICLE_URL, publishedAt: FEED_TIME - 3600 })]);
    expect((await articleByUrl(ARTICLE_URL))!.sourced_time).toBe(FEED_TIME);
    await deliver([ingestJob({ url: ARTICLE_URL, publishedAt: FEED_TIME + 600 })]);
    expect((await articleByUrl(ARTICLE_URL))!.sourced_time).toBe(FEED_TIME + 600);
    expect(await categoriesOf(id)).toEqual([{ category: "business", sourcedTime: FEED_TIME + 600 }]);
  });

  it("classifies from the text when the feed gives no category, and dates by the page when the feed gives none", async () => {
    await deliver([ingestJob({ url: `${FIXTURES_ORIGIN}/pages/second.html` })]);
    const row = (await articleByUrl(`${FIXTURES_ORIGIN}/pages/second.html`))!;
    expect(row).toMatchObject({
      sourced_time: Date.parse("2026-06-01T07:20:00Z") / 1000,
      source_name: "City Ledger",
      author: "Jonas Berg",
      thumbnail_url: "https://cdn.fixtures.example/cafe.jpg",
      image_attribution: "Image: City Ledger",
    });
    expect((await categoriesOf(row.id)).length).toBeGreaterThan(0);
  });

  it("dates an undated page now and gives it the product's category image when it has none", async () => {
    const before = Math.floor(Date.now() / 1000);
    await deliver([ingestJob({ url: `${FIXTURES_ORIGIN}/pages/undated.html`, feedCategories: ["Science"] })]);
    const row = (await articleByUrl(`${FIXTURES_ORIGIN}/pages/undated.html`))!;
    expect(row.sourced_time).toBeGreaterThanOrEqual(before);
    expect(row).toMatchObject({
      thumbnail_url: "/api/images/category/science.svg",
      image_attribution: null,
      domain: "fixtures.example",
    });
  });

  it("uses a stock photo, credited, when a provider key is configured and the page has no image", async () => {
    await deliver([ingestJob({ url: `${FIXTURES_ORIGIN}/pages/relative-to-feed.html`, feedCategories: ["Science"] })], {
      PEXELS_API_KEY: "test-key",
    });
    const row = (await articleByUrl(`${FIXTURES_ORIGIN}/pages/relative-to-feed.html`))!;
    expect(row.thumbnail_url).toBe("https://images.pexels.example/A%20page%20without%20any%20date.jpg");
    expect(row.image_attribution).toBe("Photo by Ana Lens on Pexels");
  });
});

describe("submissions through the pipeline", () => {
  it("completes a reader's submission as done with the new article, or duplicate with the existing one", async () => {
    const user = await insertUser(env.DB);
    const now = Date.now();
    const insert = env.DB.prepare(
      "INSERT INTO submissions (id, user_id, url, canonical_url, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'queued', ?, ?)",
    );
    await env.DB.batch([
      insert.bind("sub-new", user.id, "u", "u", now, now),
      insert.bind("sub-dup", user.id, "u", "u", now, now),
    ]);
    // The duplicate arrives through two redirects and is recognised by the page it lands on.
    await deliver([
      ingestJob({ url: `${FIXTURES_ORIGIN}/pages/submitted.html`, submissionId: "sub-new" }),
      ingestJob({ url: `${FIXTURES_ORIGIN}/redirect/2`, submissionId: "sub-dup" }),
    ]);
    const rows = (await env.DB.prepare("SELECT id, status, article_id AS articleId FROM submissions ORDER BY id").all())
      .results;
    expect(rows).toEqual([
      { id: "sub-dup", status: "duplicate", articleId: (await articleByUrl(ARTICLE_URL))!.id },
      { id: "sub-new", status: "done", articleId: (await articleByUrl(`${FIXTURES_ORIGIN}/pages/submitted.html`))!.id },
    ]);
  });
});

describe("pages that cannot become articles", () => {
  it.each([
    ["pages/report.pdf", "Not an HTML page (application/pdf)"],
    ["redirect-to-loopback", "private or local network"],
  ])("%s: no retry can help, so the job fails at once with the reason recorded", async (path, reason) => {
    const jobId = `bad-${path}`;
    const { result } = await deliver([ingestJob({ url: `${FIXTURES_ORIGIN}/${path}` }, { jobId })]);
    expect(result.retryMessages).toHaveLength(0);
    expect(result.explicitAcks).toHaveLength(1);
    const status = await jobStatus(jobId);
    expect(status).toMatchObject({ status: "failed", attempts: 1 });
    expect(status!.lastError).toContain(reason);
  });

  it("pages/chrome-only.html: the job is retried with the reason recorded (a page may be served broken once)", async () => {
    const jobId = "bad-pages/chrome-only.html";
    const { result } = await deliver([ingestJob({ url: `${FIXTURES_ORIGIN}/pages/chrome-only.html` }, { jobId })]);
    expect(result.retryMessages).toHaveLength(1);
    const status = await jobStatus(jobId);
    expect(status).toMatchObject({ status: "pending", attempts: 1 });
    expect(status!.lastError).toContain("No readable text");
  });
});
