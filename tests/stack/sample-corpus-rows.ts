// The sample corpus (workers/api/sample-corpus/*.json: original, fictional articles written for
// Unbiased 24/7) as D1 rows: its sources, and its articles with offline summaries. Everything is
// validated here, before anything is written.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ARTICLE_CATEGORIES, type ArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import type { articles, sources } from "@unbiased/worker-shared/db/schema/index";
import { summarize } from "@unbiased/worker-shared/summarizer/index";
import { repoRoot } from "./paths.ts";

export const SAMPLE_CORPUS_DIR = join(repoRoot, "workers/api/sample-corpus");

interface SampleArticle {
  key: string;
  title: string;
  source: string;
  url: string;
  author: string;
  category: ArticleCategory;
  hoursAgo: number;
  body: string;
}

export interface SampleRows {
  sources: (typeof sources.$inferInsert)[];
  articles: { row: typeof articles.$inferInsert; categories: ArticleCategory[] }[];
}

/** Every sample article, validated as a whole: a bad file or a duplicate URL stops the load. */
export function readSampleArticles(dir = SAMPLE_CORPUS_DIR): SampleArticle[] {
  const files = readdirSync(dir).filter((file) => file.endsWith(".json")).sort();
  const all = files.flatMap((file) => {
    const parsed: unknown = JSON.parse(readFileSync(join(dir, file), "utf8"));
    const list = (parsed as { articles?: unknown }).articles;
    if (!Array.isArray(list)) throw new Error(`${file}: no "articles" array`);
    return list.map((value, index) => toSampleArticle(value, `${file} article ${index}`));
  });
  assertUnique(all.map((article) => article.url), "URL");
  assertUnique(all.map((article) => article.key), "key");
  return all;
}

function toSampleArticle(value: unknown, where: string): SampleArticle {
  const record = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const text = (field: string, required = true) => {
    const raw = record[field];
    if (typeof raw !== "string" || (required && raw.trim() === "")) throw new Error(`${where}: "${field}" must be a non-empty string`);
    return raw.trim();
  };
  const url = text("url");
  if (!URL.canParse(url) || new URL(url).protocol !== "https:") throw new Error(`${where}: "url" must be an https URL`);
  const category = text("category");
  if (!(ARTICLE_CATEGORIES as readonly string[]).includes(category)) throw new Error(`${where}: unknown category "${category}"`);
  const hoursAgo = record.hoursAgo;
  if (typeof hoursAgo !== "number" || !Number.isFinite(hoursAgo) || hoursAgo < 0) throw new Error(`${where}: "hoursAgo" must be a number of hours, 0 or more`);
  return {
    key: text("key"),
    title: text("title"),
    source: text("source"),
    url,
    author: text("author", false),
    category: category as ArticleCategory,
    hoursAgo,
    body: text("body"),
  };
}

/** `now` in epoch seconds: each article is dated hoursAgo before it, so the sample feed never ages. */
export function buildSampleRows(sample: readonly SampleArticle[], now: number): SampleRows {
  const nowMs = now * 1000;
  return {
    sources: sampleSources(sample, nowMs),
    articles: sample.map((article) => {
      const sourcedTime = Math.round(now - article.hoursAgo * 3600);
      const summary = summarize({ title: article.title, body: article.body, publishedAt: sourcedTime });
      return {
        categories: [article.category],
        row: {
          id: articleId(article.url),
          url: article.url,
          title: article.title,
          domain: new URL(article.url).hostname,
          sourceId: sourceId(article.source),
          sourceName: article.source,
          author: article.author || null,
          thumbnailUrl: null,
          sourcedTime,
          location: summary.places[0] ?? null,
          locationCity: null,
          locationCountry: null,
          tldr: summary.tldr,
          shortSummary: summary.shortSummary,
          summary: JSON.stringify(summary.summary),
          detailedSummary: summary.detailedSummary,
          body: article.body,
          createdAt: nowMs,
          updatedAt: nowMs,
        },
      };
    }),
  };
}

/** First 16 hex characters of the URL's SHA-256: the same article gets the same id on every load. */
export const articleId = (url: string) => createHash("sha256").update(url).digest("hex").slice(0, 16);

/** "The Meridian Post" → "the-meridian-post". */
export const sourceId = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function sampleSources(sample: readonly SampleArticle[], nowMs: number): (typeof sources.$inferInsert)[] {
  const domains = new Map<string, string>();
  for (const article of sample) {
    const domain = new URL(article.url).hostname;
    const known = domains.get(article.source);
    if (known && known !== domain) throw new Error(`Source "${article.source}" has articles on ${known} and ${domain}`);
    domains.set(article.source, domain);
  }
  assertUnique([...domains.keys()].map(sourceId), "source id");
  return [...domains].map(([name, domain]) => ({
    id: sourceId(name),
    name,
    domain,
    feedUrl: `https://${domain}/feed.xml`,
    feedKind: "rss",
    defaultCategory: null,
    createdAt: nowMs,
  }));
}

function assertUnique(values: readonly string[], what: string): void {
  const seen = new Set<string>();
  const repeated = values.filter((value) => seen.size === seen.add(value).size);
  if (repeated.length > 0) throw new Error(`Sample corpus repeats ${what}s: ${[...new Set(repeated)].join(", ")}`);
}
