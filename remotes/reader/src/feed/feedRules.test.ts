import { describe, expect, it } from "vitest";
import { numberedArticles } from "../test/stubArticleApi.ts";
import { autoRefreshApplies, canLoadMore, countNewArticles, newArticlesMessage } from "./feedRules.ts";

describe("canLoadMore (spec §4: 20+ loaded, the server has more, under 100)", () => {
  it.each([
    [19, true, false, "fewer than a full page"],
    [20, true, true, "a full page and more on the server"],
    [20, false, false, "no next page"],
    [80, true, true, "80 loaded"],
    [99, true, true, "99 loaded"],
    [100, true, false, "100 loaded"],
    [120, true, false, "over 100"],
  ])("%i loaded, hasNext %s → %s (%s)", (loaded, hasNext, expected) => {
    expect(canLoadMore(loaded, hasNext)).toBe(expected);
  });
});

describe("autoRefreshApplies (spec §9: home, sort date, period 7d only)", () => {
  it("applies to the home feed by date over 7 days", () => {
    expect(autoRefreshApplies({ feed: "latest", sort: "date", period: "7d" })).toBe(true);
  });

  it.each([
    ["a category feed", { feed: "tech", sort: "date", period: "7d" }],
    ["popularity order", { feed: "latest", sort: "popularity", period: "7d" }],
    ["the past 24 hours", { feed: "latest", sort: "date", period: "24h" }],
    ["all time", { feed: "latest", sort: "date", period: "all" }],
  ] as const)("does not apply to %s", (_, selection) => {
    expect(autoRefreshApplies(selection)).toBe(false);
  });
});

describe("countNewArticles and its message", () => {
  const shown = numberedArticles(20, 1);

  it("counts the fresh first page's articles that are not shown yet", () => {
    const fresh = [...numberedArticles(3, 101), ...shown.slice(0, 17)];
    expect(countNewArticles(shown, fresh)).toBe(3);
  });

  it("is 0 when nothing is new, even if the order changed", () => {
    expect(countNewArticles(shown, [...shown].reverse())).toBe(0);
  });

  it("reads 'n new article(s) loaded' (spec §8)", () => {
    expect(newArticlesMessage(3)).toBe("3 new article(s) loaded");
    expect(newArticlesMessage(1)).toBe("1 new article(s) loaded");
  });
});
