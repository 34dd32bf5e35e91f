// A page whose reader part was rendered on the server (docs/decisions/016-fragments.md) carries, on
// the remote's element (#remote-root), the minute it was rendered in. Times on screen are rendered from that minute and
// in the default timezone while the browser hydrates (so its markup matches the server's), then from the reader's
// own clock and timezone.
import { PAGE_ELEMENTS } from "@unbiased/worker-shared/contracts/page";
import { useSyncExternalStore } from "react";
import { DEFAULT_TIMEZONE, readTimezone } from "./settings/timezone.ts";

export const FIRST_HTML_ATTRIBUTE = "data-first-html";
/** The timezone the server renders in: a first visit's, which has no setting stored yet. */
export const SERVER_TIME_ZONE = DEFAULT_TIMEZONE;
const MINUTE_MS = 60_000;

/** "Now", to the minute: stable between renders within a minute, as React requires of a snapshot. */
export const currentMinute = (nowMs = Date.now()) => Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;

/** The server's render minute, read from the page (0 when the page came without first HTML). */
function renderedMinute(): number {
  if (typeof document === "undefined") return currentMinute();
  return pageRenderedAt() ?? currentMinute();
}

/** When the page's first HTML was rendered (its minute), or null for a page without one. */
function pageRenderedAt(doc: Document = document): number | null {
  const value = Number(doc.getElementById(PAGE_ELEMENTS.remote)?.getAttribute(FIRST_HTML_ATTRIBUTE));
  return Number.isFinite(value) && value > 0 ? value : null;
}

const noSubscription = () => () => {};

/** The reader's timezone (spec §3 `userTimezone`), hydration-safe. */
export function useTimeZone(): string {
  return useSyncExternalStore(noSubscription, readTimezone, () => SERVER_TIME_ZONE);
}

/** Now (epoch ms, to the minute), hydration-safe. */
export function useNowMinute(): number {
  return useSyncExternalStore(noSubscription, () => currentMinute(), renderedMinute);
}
