import { describe, expect, it } from "vitest";
import { DEFAULT_FEED_SETTINGS, readFeedSettings, storeFeedSettings } from "./feedSettings.ts";

describe("per-feed settings (spec §3: saved sort, period and page)", () => {
  it("start at newest, 7 days, page 1", () => {
    expect(readFeedSettings("latest")).toEqual({ sort: "date", period: "7d", page: 1 });
    expect(DEFAULT_FEED_SETTINGS).toEqual({ sort: "date", period: "7d", page: 1 });
  });

  it("are kept per feed", () => {
    storeFeedSettings("tech", { sort: "popularity", period: "30d", page: 3 });
    expect(readFeedSettings("tech")).toEqual({ sort: "popularity", period: "30d", page: 3 });
    expect(readFeedSettings("world")).toEqual(DEFAULT_FEED_SETTINGS);
  });

  it("fall back to the defaults for unknown or corrupted values", () => {
    localStorage.setItem("feedSettings:tech", JSON.stringify({ sort: "random", period: "2y", page: 99 }));
    expect(readFeedSettings("tech")).toEqual(DEFAULT_FEED_SETTINGS);
    localStorage.setItem("feedSettings:tech", "{not json");
    expect(readFeedSettings("tech")).toEqual(DEFAULT_FEED_SETTINGS);
  });
});
