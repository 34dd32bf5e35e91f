const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "12 min ago", "3 h ago", "2 d ago", then the date for anything older than 30 days. */
export function relativeTime(epochSeconds: number, nowMs: number = Date.now()): string {
  const elapsed = Math.max(0, Math.floor(nowMs / 1000) - epochSeconds);
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  if (elapsed < 30 * DAY) return `${Math.floor(elapsed / DAY)} d ago`;
  return new Date(epochSeconds * 1000).toLocaleDateString(undefined, { dateStyle: "medium" });
}

/** The exact time, shown as a tooltip on the relative one. */
export function fullTimestamp(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toLocaleString(undefined, { dateStyle: "full", timeStyle: "short" });
}
