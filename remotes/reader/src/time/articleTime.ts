// How article times read: relative for scanning a feed, absolute in the reader's chosen timezone
// (spec §3 local setting `userTimezone`) wherever an exact time matters.
import { dateTimeFormat } from "./formatters.ts";
import { knownText, type TimeTexts } from "./timeTexts.ts";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * ICU versions differ on the spaces they put in dates ("Nov 23 – 24", "2:00 PM" with thin or
 * narrow no-break spaces); plain spaces read the same and render the same on server and browser.
 */
export const plainSpaces = (text: string) => text.replace(/[\u2009\u202f]/gu, " ");

/** "just now", "12 min ago", "3 h ago", "2 d ago", then the date for anything older than 30 days. */
export function relativeTime(
  epochSeconds: number,
  timeZone: string,
  nowMs: number = Date.now(),
  texts?: TimeTexts,
): string {
  const elapsed = Math.max(0, Math.floor(nowMs / 1000) - epochSeconds);
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  if (elapsed < 30 * DAY) return `${Math.floor(elapsed / DAY)} d ago`;
  return knownText(texts, `date|${timeZone}|${epochSeconds}`, () =>
    plainSpaces(dateTimeFormat("en-US", { dateStyle: "medium", timeZone }).format(epochSeconds * 1000)),
  );
}

/** "Friday, May 1, 2026 at 8:00 AM EDT": the zone is named, since it may not be the device's. */
export function fullTimestamp(epochSeconds: number, timeZone: string, texts?: TimeTexts): string {
  return knownText(texts, `full|${timeZone}|${epochSeconds}`, () => {
    const format = dateTimeFormat("en-US", {
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
      timeZone,
    });
    return plainSpaces(format.format(epochSeconds * 1000));
  });
}

/** "May 1 – 3, 2026": the span of an event, as calendar dates in the reader's timezone. */
export function dateRange(startIso: string, endIso: string, timeZone: string, texts?: TimeTexts): string {
  return knownText(texts, `range|${timeZone}|${startIso}|${endIso}`, () => {
    const format = dateTimeFormat("en-US", { dateStyle: "medium", timeZone });
    const start = new Date(startIso);
    const end = new Date(endIso);
    return plainSpaces(end < start ? format.format(start) : format.formatRange(start, end));
  });
}
