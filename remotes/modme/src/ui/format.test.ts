import { describe, expect, it } from "vitest";
import { banExpiry, pageWindow, preview, showingText } from "./format.ts";

describe("ban expiry (spec §9)", () => {
  const now = Date.parse("2026-11-24T12:00:00Z");
  const at = (ms: number) => new Date(now + ms).toISOString();
  it.each([
    [null, "Never"],
    [at(-1), "Expired"],
    [at(3600_000), "1 hour"],
    [at(5 * 3600_000 - 1), "5 hours"],
    [at(23 * 3600_000), "23 hours"],
    [at(24 * 3600_000 + 1), "2 days"],
    [at(8760 * 3600_000), "365 days"],
  ])("%s → %s", (expiresAt, text) => {
    expect(banExpiry(expiresAt, now)).toBe(text);
  });
});

describe("list helpers", () => {
  it("cuts previews at 200 characters plus an ellipsis", () => {
    expect(preview("a".repeat(200))).toBe("a".repeat(200));
    expect(preview("b".repeat(201))).toBe(`${"b".repeat(200)}...`);
  });

  it("shows a window of up to 5 page numbers around the current page", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it("says 'Showing x to y of z comments'", () => {
    expect(showingText(1, 50, 53, "comments")).toBe("Showing 1 to 50 of 53 comments");
    expect(showingText(2, 50, 53, "comments")).toBe("Showing 51 to 53 of 53 comments");
    expect(showingText(1, 50, 0, "comments")).toBe("Showing 0 to 0 of 0 comments");
  });
});
