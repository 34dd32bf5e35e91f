import { plainSpaces } from "./articleTime.ts";
import { dateTimeFormat } from "./formatters.ts";
import { knownText, type TimeTexts } from "./timeTexts.ts";

/** "Nov 25, 2026, 3:04 PM" in the reader's timezone: when a log entry or a report happened. */
export function shortDateTime(iso: string | number, timeZone: string, texts?: TimeTexts): string {
  return knownText(texts, `short|${timeZone}|${iso}`, () => {
    const format = dateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
    return plainSpaces(format.format(new Date(iso)));
  });
}
