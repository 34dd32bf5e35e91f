import { plainSpaces } from "./articleTime.ts";
import { dateTimeFormat } from "./formatters.ts";

/** "Nov 25, 2026, 3:04 PM" in the reader's timezone: when a log entry or a report happened. */
export function shortDateTime(iso: string | number, timeZone: string): string {
  const format = dateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
  return plainSpaces(format.format(new Date(iso)));
}
