// The feeds a deployment polls: public RSS/Atom feeds of news organisations. Edit this list to change
// them; each poll registers any feed not yet in the `sources` table (rows are never deleted here: set
// `active = 0` in D1 to stop polling one).
import type { ConfiguredFeed } from "./feed-source.ts";

export const PRODUCTION_FEEDS: readonly ConfiguredFeed[] = [
  {
    id: "bbc-world",
    name: "BBC News",
    feedUrl: "https://feeds.bbci.co.uk/news/world/rss.xml",
    kind: "rss",
    defaultCategory: "world",
  },
  {
    id: "bbc-business",
    name: "BBC News",
    feedUrl: "https://feeds.bbci.co.uk/news/business/rss.xml",
    kind: "rss",
    defaultCategory: "business",
  },
  {
    id: "bbc-technology",
    name: "BBC News",
    feedUrl: "https://feeds.bbci.co.uk/news/technology/rss.xml",
    kind: "rss",
    defaultCategory: "tech",
  },
  {
    id: "bbc-science",
    name: "BBC News",
    feedUrl: "https://feeds.bbci.co.uk/news/science_and_environment/rss.xml",
    kind: "rss",
    defaultCategory: "science",
  },
  {
    id: "npr-politics",
    name: "NPR",
    feedUrl: "https://feeds.npr.org/1014/rss.xml",
    kind: "rss",
    defaultCategory: "politics",
  },
  {
    id: "guardian-world",
    name: "The Guardian",
    feedUrl: "https://www.theguardian.com/world/rss",
    kind: "rss",
    defaultCategory: "world",
  },
  {
    id: "ars-technica",
    name: "Ars Technica",
    feedUrl: "https://feeds.arstechnica.com/arstechnica/index",
    kind: "rss",
    defaultCategory: "tech",
  },
  {
    id: "the-verge",
    name: "The Verge",
    feedUrl: "https://www.theverge.com/rss/index.xml",
    kind: "atom",
    defaultCategory: "tech",
  },
];
