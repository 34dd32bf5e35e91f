// What every feed format is reduced to, and the text clean-up all three need.
import { decodeHTML } from "entities";

export type FeedKind = "rss" | "atom" | "json";

export interface FeedItem {
  /** Absolute http(s) URL of the article page (relative links resolved against the feed). */
  url: string;
  title: string | null;
  /** Publication time in epoch seconds, or null when the feed gives none (or an unreadable one). */
  publishedAt: number | null;
  /** The feed's own category labels for the item, as given. */
  categories: string[];
}

export interface ParsedFeed {
  kind: FeedKind;
  title: string | null;
  items: FeedItem[];
}

export class FeedParseError extends Error {
  override name = "FeedParseError";
}

/**
 * Plain text from a feed field: HTML entities decoded (feeds often double-escape them or put them in
 * CDATA, where XML leaves them alone), tags dropped, whitespace collapsed.
 */
export function plainText(value: unknown): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = decodeHTML(String(value).replace(/<[a-z/!][^>]*>/gi, " "))
    .replace(/\s+/g, " ")
    .trim();
  return text || null;
}

/** Epoch seconds from an RFC 822 (RSS) or RFC 3339 (Atom, JSON Feed) date; null when unreadable. */
export function epochSeconds(value: unknown): number | null {
  const text = plainText(value);
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

/** An absolute http(s) URL, or null: relative links are resolved against `base`. */
export function absoluteHttpUrl(value: unknown, base: string): string | null {
  const text = plainText(value);
  if (!text || !URL.canParse(text, base)) return null;
  const url = new URL(text, base);
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}
