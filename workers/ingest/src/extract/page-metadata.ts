// The article metadata a page declares: Open Graph and article:* meta tags, <meta name>, the canonical
// link, and schema.org JSON-LD (NewsArticle and friends), read in that order of preference.
import { decodeHTML } from "entities";

export interface PageMetadata {
  title: string | null;
  canonicalUrl: string | null;
  /** Epoch seconds. */
  publishedAt: number | null;
  imageUrl: string | null;
  author: string | null;
  siteName: string | null;
  description: string | null;
}

/** What the rewriter collected, raw: meta values by lower-cased property/name, and the rest. */
export interface RawMetadata {
  meta: Map<string, string>;
  canonical: string | null;
  documentTitle: string;
  firstTimeDatetime: string | null;
  jsonLd: string[];
}

export const clean = (value: string | null | undefined): string | null => {
  const text = value ? decodeHTML(value).replace(/\s+/g, " ").trim() : "";
  return text || null;
};

function resolveHttp(value: string | null, base: string): string | null {
  const text = clean(value);
  if (!text || !URL.canParse(text, base)) return null;
  const url = new URL(text, base);
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}

function epochSeconds(value: string | null | undefined): number | null {
  const text = clean(value);
  const ms = text ? Date.parse(text) : Number.NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

type LdNode = Record<string, unknown>;

/** Every object in the JSON-LD blocks, @graph flattened; unreadable blocks are skipped. */
function ldNodes(blocks: string[]): LdNode[] {
  const nodes: LdNode[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null) {
      nodes.push(value as LdNode);
      if ("@graph" in value) visit((value as LdNode)["@graph"]);
    }
  };
  for (const block of blocks) {
    try {
      visit(JSON.parse(block));
    } catch {
      // A broken JSON-LD block is common and never fatal: the meta tags still count.
    }
  }
  return nodes;
}

const isArticleNode = (node: LdNode) =>
  [node["@type"]].flat().some((type) => typeof type === "string" && /Article|Posting|Report/.test(type));

/** A name from a string, {name}, or a list of either. */
function nameOf(value: unknown): string | null {
  if (typeof value === "string") return clean(value);
  if (Array.isArray(value)) return clean(value.map(nameOf).filter(Boolean).join(", "));
  if (typeof value === "object" && value !== null) return nameOf((value as LdNode).name);
  return null;
}

function urlOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return urlOf(value[0]);
  if (typeof value === "object" && value !== null) return urlOf((value as LdNode).url);
  return null;
}

export function toPageMetadata(raw: RawMetadata, pageUrl: string): PageMetadata {
  const meta = (...names: string[]) =>
    names.map((name) => clean(raw.meta.get(name))).find((value) => value !== null) ?? null;
  /** The first of the named tags that holds a usable http(s) URL. */
  const metaUrl = (...names: string[]) =>
    names.map((name) => resolveHttp(raw.meta.get(name) ?? null, pageUrl)).find((url) => url !== null) ?? null;
  const ld = ldNodes(raw.jsonLd).find(isArticleNode) ?? {};
  const authorMeta = meta("author", "article:author", "parsely-author", "dc.creator");
  return {
    title: meta("og:title", "twitter:title") ?? nameOf(ld.headline) ?? clean(raw.documentTitle),
    canonicalUrl: resolveHttp(raw.canonical, pageUrl) ?? metaUrl("og:url"),
    publishedAt:
      epochSeconds(
        meta(
          "article:published_time",
          "og:published_time",
          "datepublished",
          "parsely-pub-date",
          "dc.date",
          "date",
          "pubdate",
        ),
      ) ??
      epochSeconds(typeof ld.datePublished === "string" ? ld.datePublished : null) ??
      epochSeconds(raw.firstTimeDatetime),
    imageUrl:
      metaUrl("og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src") ??
      resolveHttp(urlOf(ld.image), pageUrl),
    // article:author is often a profile URL; a name reads better.
    author: (authorMeta && !/^https?:\/\//.test(authorMeta) ? authorMeta : null) ?? nameOf(ld.author),
    siteName: meta("og:site_name", "application-name") ?? nameOf(ld.publisher),
    description: meta("og:description", "description", "twitter:description") ?? nameOf(ld.description),
  };
}
