// Relative date phrases ("yesterday", "last week", "earlier this year") and what they mean on a
// given publication day, e.g. "yesterday" on 22 November 2026 is "21 November 2026".
import { defined } from "../invariant.ts";
import { addDays, formatDay, formatMonth, fromEpochSeconds, mondayOf, shiftMonths } from "./calendar.ts";

export interface RelativeDate {
  /** Where the phrase starts in the sentence. */
  index: number;
  /** The phrase as written. */
  phrase: string;
  /** The phrase with its date spelled out. */
  resolved: string;
}

const NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
const DAY_OFFSETS: Record<string, number> = {
  yesterday: -1,
  today: 0,
  tonight: 0,
  tomorrow: 1,
  last: -1,
  this: 0,
  next: 1,
};

const RELATIVE_DATE = new RegExp(
  [
    String.raw`\b(?:(?<modifier>early|late|earlier|later)\s+(?:on\s+|in\s+)?)?(?:`,
    String.raw`(?<day>yesterday|today|tonight|tomorrow)(?:\s+(?<dayPart>morning|afternoon|evening|night))?`,
    String.raw`|(?<partDay>this|last)\s+(?<part>morning|afternoon|evening|night)`,
    String.raw`|(?<relative>this|last|next)\s+(?<unit>week|month|year)`,
    String.raw`|(?<count>\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?<agoUnit>day|week|month|year)s?\s+ago`,
    String.raw`)\b`,
  ].join(""),
  "gi",
);

export function findRelativeDates(sentence: string, publishedAt: number): RelativeDate[] {
  const published = fromEpochSeconds(publishedAt);
  return [...sentence.matchAll(RELATIVE_DATE)].map((match) => ({
    index: match.index,
    phrase: match[0],
    resolved: resolve(match.groups ?? {}, published),
  }));
}

function resolve(groups: Record<string, string | undefined>, published: Date): string {
  const lower = (value: string | undefined) => value?.toLowerCase();
  /** The regex allows only DAY_OFFSETS' words where this is called. */
  const offset = (word: string) => defined(DAY_OFFSETS[word], `day offset for "${word}"`);
  const modifier = lower(groups.modifier);
  const day = lower(groups.day);
  if (day !== undefined) {
    const part = lower(groups.dayPart) ?? (day === "tonight" ? "night" : undefined);
    return onDay(addDays(published, offset(day)), part, modifier);
  }
  const partDay = lower(groups.partDay);
  if (partDay !== undefined) return onDay(addDays(published, offset(partDay)), lower(groups.part), modifier);
  const relative = lower(groups.relative);
  if (relative !== undefined)
    return within(period(published, defined(lower(groups.unit), "unit"), offset(relative)), modifier);
  // The only alternative left: "<count> <unit>s ago", which always has both.
  const count = defined(lower(groups.count), "count before ago");
  const amount = NUMBERS[count] ?? Number(count);
  const unit = defined(lower(groups.agoUnit), "unit before ago");
  if (unit === "day") return onDay(addDays(published, -amount), undefined, modifier);
  return within(period(published, unit, -amount), modifier);
}

/** "21 November 2026", "the evening of 21 November 2026", "early on 21 November 2026". */
function onDay(date: Date, part: string | undefined, modifier: string | undefined): string {
  const day = part ? `the ${part} of ${formatDay(date)}` : formatDay(date);
  return modifier ? `${modifier} on ${day}` : day;
}

/** The week, month or year `steps` away from the publication date's. */
function period(published: Date, unit: string, steps: number): string {
  if (unit === "week") return `the week of ${formatDay(addDays(mondayOf(published), 7 * steps))}`;
  if (unit === "month") return formatMonth(shiftMonths(published, steps));
  return String(published.getUTCFullYear() + steps);
}

/** "earlier in 2026", "late in October 2026". */
const within = (span: string, modifier: string | undefined) => (modifier ? `${modifier} in ${span}` : span);
