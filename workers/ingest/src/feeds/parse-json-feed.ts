// JSON Feed 1.0 / 1.1 (https://www.jsonfeed.org/version/1.1/).
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";
import {
  absoluteHttpUrl,
  epochSeconds,
  type FeedItem,
  FeedParseError,
  type ParsedFeed,
  plainText,
} from "./feed-item.ts";

const JsonFeedSchema = z.object({
  version: z.string().startsWith("https://jsonfeed.org/version/"),
  title: z.string().optional(),
  feed_url: z.string().optional(),
  items: z.array(
    z.object({
      id: z.unknown().optional(),
      url: z.string().optional(),
      external_url: z.string().optional(),
      title: z.string().optional(),
      date_published: z.string().optional(),
      date_modified: z.string().optional(),
      tags: z.array(z.string()).optional(),
    }),
  ),
});

export function parseJsonFeed(text: string, feedUrl: string): ParsedFeed {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new FeedParseError(`Feed is not valid JSON: ${(err as Error).message}`);
  }
  const parsed = JsonFeedSchema.safeParse(json);
  if (!parsed.success)
    throw new FeedParseError("Not a JSON Feed: expected a version of https://jsonfeed.org and an items array");
  const items = parsed.data.items.flatMap((item): FeedItem[] => {
    const url = absoluteHttpUrl(item.url, feedUrl) ?? absoluteHttpUrl(item.external_url, feedUrl);
    if (!url) return [];
    return [
      {
        url,
        title: plainText(item.title),
        publishedAt: epochSeconds(item.date_published ?? item.date_modified),
        categories: item.tags ?? [],
      },
    ];
  });
  return { kind: "json", title: plainText(parsed.data.title), items };
}
