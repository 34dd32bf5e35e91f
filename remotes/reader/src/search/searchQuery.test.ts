import { describe, expect, it } from "vitest";
import { parsePage, resultCountLine, searchParams, searchUrl } from "./searchQuery.ts";

describe("search addresses", () => {
  it("read the page parameter, treating anything but a whole number from 1 as page 1", () => {
    expect(parsePage("3")).toBe(3);
    expect([null, "", "0", "-2", "1.5", "two"].map(parsePage)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it("ask the API for 20 results of a page, with the query encoded into the path", () => {
    expect(searchUrl('"heat" wave/2', 2)).toBe("/api/articles/search/%22heat%22%20wave%2F2?page=2&limit=20");
  });

  it("leave page 1 out of the page's own address", () => {
    expect(searchParams("heat", 1)).toEqual({ q: "heat" });
    expect(searchParams("heat", 4)).toEqual({ q: "heat", page: "4" });
  });

  it("count results in words", () => {
    expect(resultCountLine(1, "heat")).toBe("1 result for “heat”");
    expect(resultCountLine(108, "heat")).toBe("108 results for “heat”");
    expect(resultCountLine(500, "heat", true)).toBe("500+ results for “heat”");
  });
});
