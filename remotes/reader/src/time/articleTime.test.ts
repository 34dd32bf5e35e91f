import { describe, expect, it } from "vitest";
import { dateRange, fullTimestamp, relativeTime } from "./articleTime.ts";

const NOW = Date.UTC(2026, 4, 1, 12, 0, 0);
const secondsAgo = (seconds: number) => NOW / 1000 - seconds;
const NEW_YORK = "America/New_York";

describe("relativeTime", () => {
  it.each([
    [30, "just now"],
    [12 * 60, "12 min ago"],
    [3 * 3600 + 59 * 60, "3 h ago"],
    [2 * 86400 + 5, "2 d ago"],
  ])("%i s ago reads %s", (seconds, expected) => {
    expect(relativeTime(secondsAgo(seconds), NEW_YORK, NOW)).toBe(expected);
  });

  it("shows the date in the reader's timezone for anything older than 30 days", () => {
    // 40 days before noon UTC on 1 May is 22 March; 23:30 UTC that day is already the 23rd in Tokyo.
    const lateEvening = Date.UTC(2026, 2, 22, 23, 30) / 1000;
    expect(relativeTime(lateEvening, NEW_YORK, NOW)).toBe("Mar 22, 2026");
    expect(relativeTime(lateEvening, "Asia/Tokyo", NOW)).toBe("Mar 23, 2026");
  });

  it("treats a time slightly in the future (clock skew) as just now", () => {
    expect(relativeTime(secondsAgo(-90), NEW_YORK, NOW)).toBe("just now");
  });
});

describe("fullTimestamp", () => {
  it("names the day, the time and the zone of the reader's choice", () => {
    expect(fullTimestamp(NOW / 1000, NEW_YORK)).toMatch(/^Friday, May 1, 2026 at 8:00\sAM EDT$/);
    expect(fullTimestamp(NOW / 1000, "UTC")).toMatch(/^Friday, May 1, 2026 at 12:00\sPM UTC$/);
  });
});

describe("dateRange", () => {
  it("collapses the shared month and year", () => {
    expect(dateRange("2026-05-01T12:00:00.000Z", "2026-05-03T12:00:00.000Z", NEW_YORK)).toMatch(/^May 1\s–\s3, 2026$/);
  });

  it("shows one date for an event within a day", () => {
    expect(dateRange("2026-05-01T12:00:00.000Z", "2026-05-01T15:00:00.000Z", NEW_YORK)).toBe("May 1, 2026");
  });
});
