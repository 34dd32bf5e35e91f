// The reader's display timezone (spec §3 local settings `userTimezone`, §9 timezone options).
// Saved in the browser only; nothing is sent to the server (spec §7 "Local only").
export const TIMEZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "UTC",
  "Europe/London",
  "Europe/Paris",
  "Asia/Tokyo",
  "Asia/Shanghai",
  "Australia/Sydney",
] as const;

export type Timezone = (typeof TIMEZONES)[number];

export const DEFAULT_TIMEZONE: Timezone = "America/New_York";

const TIMEZONE_KEY = "userTimezone";

const isTimezone = (value: string | null): value is Timezone => TIMEZONES.includes(value as Timezone);

/** The saved choice, or the default when none (or a value no longer offered) is stored. */
export function readTimezone(): Timezone {
  try {
    const stored = localStorage.getItem(TIMEZONE_KEY);
    return isTimezone(stored) ? stored : DEFAULT_TIMEZONE;
  } catch {
    return DEFAULT_TIMEZONE; // storage blocked by the browser: show the default
  }
}

/** Throws when the browser refuses to store it (private mode, quota); the caller reports that. */
export function storeTimezone(timezone: Timezone): void {
  localStorage.setItem(TIMEZONE_KEY, timezone);
}
