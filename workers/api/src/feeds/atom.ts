// Atom 1.0 (RFC 4287) for the site's feeds (ADR 018). Every link is absolute, since a feed is
// read away from the site; an entry's id is the article's permanent address (/article/{id}), which
// never changes with its title, so a reader never shows a story twice.

import { articlePath } from "@unbiased/worker-shared/contracts/paths";
import type { FeedEntryRow } from "../storage/feed-entries.ts";
import { categoryLabel } from "./feed-paths.ts";

export interface AtomFeed {
  /** The site's origin, e.g. "https://unbiased247.example". */
  origin: string;
  /** The feed's own path ("/feed.xml"). */
  selfPath: string;
  /** The page the feed follows ("/", "/category/tech"). */
  pagePath: string;
  /** The product's name: the feed's generator. */
  siteName: string;
  title: string;
  subtitle: string;
  entries: FeedEntryRow[];
  /** Used as the feed's <updated> when there is no entry (Atom requires one). */
  now: number;
}

/** XML 1.0 allows no control characters but tab, line feed and carriage return; feeds' text may hold them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing exactly those characters is the point.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export const xmlEscape = (text: string) =>
  text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

const iso = (ms: number) => new Date(ms).toISOString();

/** When an entry last changed: its row's update (a regenerated summary), never before it was published. */
const entryUpdated = (entry: FeedEntryRow) => Math.max(entry.updatedAt, entry.sourcedTime * 1000);

function entryXml(feed: AtomFeed, entry: FeedEntryRow): string {
  const link = (path: string) => xmlEscape(feed.origin + path);
  const author = entry.author?.trim() || entry.sourceName?.trim() || entry.domain;
  return [
    "<entry>",
    `<id>${link(`/article/${encodeURIComponent(entry.id)}`)}</id>`,
    `<title type="text">${xmlEscape(entry.title)}</title>`,
    `<link rel="alternate" type="text/html" href="${link(articlePath(entry))}"/>`,
    `<link rel="related" type="text/html" href="${xmlEscape(entry.url)}" title="${xmlEscape(entry.domain)}"/>`,
    `<published>${iso(entry.sourcedTime * 1000)}</published>`,
    `<updated>${iso(entryUpdated(entry))}</updated>`,
    `<author><name>${xmlEscape(author)}</name></author>`,
    ...entry.categories.map(
      (slug) =>
        `<category term="${xmlEscape(slug)}" label="${xmlEscape(categoryLabel(slug))}" scheme="${link("/category/")}"/>`,
    ),
    `<summary type="text">${xmlEscape(entry.tldr)}</summary>`,
    "</entry>",
  ].join("");
}

export function atomFeed(feed: AtomFeed): string {
  const updated = feed.entries.length > 0 ? Math.max(...feed.entries.map(entryUpdated)) : feed.now;
  const self = xmlEscape(feed.origin + feed.selfPath);
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${self}</id>`,
    `<title type="text">${xmlEscape(feed.title)}</title>`,
    `<subtitle type="text">${xmlEscape(feed.subtitle)}</subtitle>`,
    `<updated>${iso(updated)}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${self}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlEscape(feed.origin + feed.pagePath)}"/>`,
    `<generator uri="${xmlEscape(`${feed.origin}/`)}">${xmlEscape(feed.siteName)}</generator>`,
    ...feed.entries.map((entry) => entryXml(feed, entry)),
    "</feed>\n",
  ].join("");
}
