// Calendar arithmetic in UTC, so a date resolves the same wherever the summarizer runs.
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DAY_MS = 86_400_000;

export const fromEpochSeconds = (seconds: number) => new Date(seconds * 1000);
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** The Monday that starts the date's week (ISO weeks start on Monday). */
export const mondayOf = (date: Date) => addDays(date, -((date.getUTCDay() + 6) % 7));

/** The first day of the month `months` away from the date's month. */
export const shiftMonths = (date: Date, months: number) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));

/** "22 November 2026" */
export const formatDay = (date: Date) => `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;

/** "November 2026" */
export const formatMonth = (date: Date) => `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
