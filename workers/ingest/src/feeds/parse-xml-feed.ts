// RSS 2.0 (and RSS 1.0/RDF) and Atom 1.0, parsed with fast-xml-parser after a well-formedness check.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import {
  absoluteHttpUrl,
  epochSeconds,
  type FeedItem,
  FeedParseError,
  type ParsedFeed,
  plainText,
} from "./feed-item.ts";

type Node = Record<string, unknown>;

/** Elements that may repeat; always arrays, so one item and many look the same. */
const REPEATED = new Set(["item", "entry", "link", "category"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

const asNode = (value: unknown): Node =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Node) : {};
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
/** Text of an element that may carry attributes (then the text is under #text). */
const textOf = (value: unknown): unknown =>
  typeof value === "object" && value !== null ? (value as Node)["#text"] : value;

export function parseXmlFeed(text: string, feedUrl: string): ParsedFeed {
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new FeedParseError(`Feed is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const doc = asNode(parser.parse(text));
  if (doc.rss) return parseRss(asNode(asNode(doc.rss).channel), feedUrl);
  if (doc["rdf:RDF"]) return parseRss(asNode(doc["rdf:RDF"]), feedUrl, asNode(asNode(doc["rdf:RDF"]).channel));
  if (doc.feed) return parseAtom(asNode(doc.feed), feedUrl);
  throw new FeedParseError("Not a feed: expected an <rss>, <rdf:RDF> or Atom <feed> root element");
}

/** RSS 2.0 keeps items in <channel>; RSS 1.0 keeps them beside it. */
function parseRss(itemsParent: Node, feedUrl: string, channel: Node = itemsParent): ParsedFeed {
  const items = asList(itemsParent.item).flatMap((raw): FeedItem[] => {
    const item = asNode(raw);
    const guid = asNode(item.guid);
    const guidIsLink = typeof item.guid === "string" || guid["@_isPermaLink"] !== "false";
    const url =
      absoluteHttpUrl(textOf(asList(item.link)[0]), feedUrl) ??
      (guidIsLink ? absoluteHttpUrl(textOf(item.guid), feedUrl) : null);
    if (!url) return [];
    return [
      {
        url,
        title: plainText(textOf(item.title)),
        publishedAt: epochSeconds(textOf(item.pubDate)) ?? epochSeconds(textOf(item["dc:date"])),
        categories: asList(item.category).flatMap((c) => plainText(textOf(c)) ?? []),
      },
    ];
  });
  return { kind: "rss", title: plainText(textOf(channel.title)), items };
}

/** The entry's page: the alternate link (a link without rel is alternate), HTML preferred. */
function atomLink(links: unknown[], base: string): string | null {
  const candidates = links.map(asNode).filter((link) => (link["@_rel"] ?? "alternate") === "alternate");
  const best = candidates.find((link) => !link["@_type"] || String(link["@_type"]).includes("html")) ?? candidates[0];
  return best ? absoluteHttpUrl(best["@_href"], base) : null;
}

function parseAtom(feed: Node, feedUrl: string): ParsedFeed {
  const feedBase = absoluteHttpUrl(feed["@_xml:base"], feedUrl) ?? feedUrl;
  const items = asList(feed.entry).flatMap((raw): FeedItem[] => {
    const entry = asNode(raw);
    const base = absoluteHttpUrl(entry["@_xml:base"], feedBase) ?? feedBase;
    const url = atomLink(asList(entry.link), base);
    if (!url) return [];
    return [
      {
        url,
        title: plainText(textOf(entry.title)),
        publishedAt: epochSeconds(textOf(entry.published)) ?? epochSeconds(textOf(entry.updated)),
        categories: asList(entry.category).flatMap((c) => plainText(asNode(c)["@_label"] ?? asNode(c)["@_term"]) ?? []),
      },
    ];
  });
  return { kind: "atom", title: plainText(textOf(feed.title)), items };
}
