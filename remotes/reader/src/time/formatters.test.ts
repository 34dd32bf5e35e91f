import { describe, expect, it } from "vitest";
import { dateTimeFormat } from "./formatters.ts";

describe("dateTimeFormat", () => {
  it("builds a pattern once and hands back the same formatter", () => {
    const first = dateTimeFormat("en-US", { dateStyle: "medium", timeZone: "Europe/Tallinn" });
    expect(dateTimeFormat("en-US", { dateStyle: "medium", timeZone: "Europe/Tallinn" })).toBe(first);
  });

  it("keeps patterns apart by timezone, options and locale", () => {
    const tallinn = dateTimeFormat("en-US", { dateStyle: "medium", timeZone: "Europe/Tallinn" });
    const honolulu = dateTimeFormat("en-US", { dateStyle: "medium", timeZone: "Pacific/Honolulu" });
    expect(honolulu).not.toBe(tallinn);
    // 2026-05-01 02:00 UTC is May 1 in Tallinn and still April 30 in Honolulu.
    const instant = Date.UTC(2026, 4, 1, 2);
    expect(tallinn.format(instant)).toBe("May 1, 2026");
    expect(honolulu.format(instant)).toBe("Apr 30, 2026");
    expect(dateTimeFormat("en-US", { dateStyle: "full", timeZone: "Europe/Tallinn" }).format(instant)).toBe(
      "Friday, May 1, 2026",
    );
    expect(dateTimeFormat("de-DE", { dateStyle: "medium", timeZone: "Europe/Tallinn" }).format(instant)).toBe(
      "01.05.2026",
    );
  });

  it("throws for an unknown timezone every time, as Intl does, and caches nothing for it", () => {
    expect(() => dateTimeFormat("en-US", { dateStyle: "medium", timeZone: "Mars/Olympus" })).toThrow(RangeError);
    expect(() => dateTimeFormat("en-US", { dateStyle: "medium", timeZone: "Mars/Olympus" })).toThrow(RangeError);
  });
});
