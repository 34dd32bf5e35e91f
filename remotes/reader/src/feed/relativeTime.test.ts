import { describe, expect, it } from "vitest";
import { relativeTime } from "./relativeTime.ts";

const NOW = Date.UTC(2026, 4, 1, 12, 0, 0);
const secondsAgo = (seconds: number) => NOW / 1000 - seconds;

describe("relativeTime", () => {
  it.each([
    [30, "just now"],
    [12 * 60, "12 min ago"],
    [3 * 3600 + 59 * 60, "3 h ago"],
    [2 * 86400 + 5, "2 d ago"],
  ])("%i s ago reads %s", (seconds, expected) => {
    expect(relativeTime(secondsAgo(seconds), NOW)).toBe(expected);
  });

  it("shows a date for anything older than 30 days", () => {
    expect(relativeTime(secondsAgo(40 * 86400), NOW)).toMatch(/2026/);
  });

  it("treats a time slightly in the future (clock skew) as just now", () => {
    expect(relativeTime(secondsAgo(-90), NOW)).toBe("just now");
  });
});
