import { describe, expect, it } from "vitest";
import { feedPagesKey, feedUrl, isFeedPagesKey } from "./feedQuery.ts";

describe("feedUrl", () => {
  it("asks the home feed for a page of 20 with the sort and period", () => {
    expect(feedUrl({ feed: "latest", sort: "date", period: "7d", page: 1 })).toBe(
      "/api/articles?page=1&limit=20&sort=date&period=7d",
    );
  });

  it("asks a category feed at its own path", () => {
    expect(feedUrl({ feed: "tech", sort: "popularity", period: "all", page: 3 })).toBe(
      "/api/articles/category/tech?page=3&limit=20&sort=popularity&period=all",
    );
  });
});

describe("feedPagesKey", () => {
  it("differs per category, sort and period, never per page", () => {
    const key = feedPagesKey({ feed: "latest", sort: "date", period: "7d" });
    expect(feedPagesKey({ feed: "latest", sort: "date", period: "24h" })).not.toBe(key);
    expect(feedPagesKey({ feed: "world", sort: "date", period: "7d" })).not.toBe(key);
    expect(key).not.toBe(feedUrl({ feed: "latest", sort: "date", period: "7d", page: 1 }));
  });
});

it("recognises every feed's pages key, and nothing else (a hide drops the article from all of them)", () => {
  expect(isFeedPagesKey(feedPagesKey({ feed: "latest", sort: "date", period: "7d" }))).toBe(true);
  expect(isFeedPagesKey(feedPagesKey({ feed: "science", sort: "popularity", period: "all" }))).toBe(true);
  expect(isFeedPagesKey("/api/articles/a1")).toBe(false);
  expect(isFeedPagesKey(["pages:", 1])).toBe(false);
});
