// One entry point for the three feed formats: JSON Feed when the body is JSON, else RSS or Atom.
import type { ParsedFeed } from "./feed-item.ts";
import { parseJsonFeed } from "./parse-json-feed.ts";
import { parseXmlFeed } from "./parse-xml-feed.ts";

export function parseFeed(text: string, feedUrl: string): ParsedFeed {
  const body = text.replace(/^\uFEFF/, "").trimStart();
  return body.startsWith("{") ? parseJsonFeed(body, feedUrl) : parseXmlFeed(body, feedUrl);
}
