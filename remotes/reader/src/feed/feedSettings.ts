// The sort, period and page count each feed remembers in this browser (spec §3 local settings:
// "per-feed saved sort, period and page"), so coming back finds the feed as it was left.

import {
  DEFAULT_PERIOD,
  DEFAULT_SORT,
  FEED_PAGE_SIZE,
  type FeedPeriod,
  type FeedSort,
  isFeedPeriod,
  isFeedSort,
} from "@unbiased/worker-shared/contracts/articles";
import { useEffect, useState } from "react";
import type { FeedName } from "../cache/feedQuery.ts";
import { MAX_LOADED_ARTICLES } from "./feedRules.ts";

export interface FeedSettings {
  sort: FeedSort;
  period: FeedPeriod;
  /** How many pages are loaded: 1 until Load More or the scroll marker asks for more. */
  page: number;
}

export const DEFAULT_FEED_SETTINGS: FeedSettings = { sort: DEFAULT_SORT, period: DEFAULT_PERIOD, page: 1 };

export const MAX_PAGE = MAX_LOADED_ARTICLES / FEED_PAGE_SIZE;

/**
 * `?page=N` on a feed's address: N pages loaded (Load More's link, followed before the app runs or
 * without JavaScript; the server renders them). It wins over the saved page count, as the server
 * rendered it.
 */
export const FEED_PAGE_PARAMETER = "page";

/** The page count a feed's address asks for, or null. */
export function pageCountFromSearch(search: string): number | null {
  const page = Number(new URLSearchParams(search).get(FEED_PAGE_PARAMETER));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : null;
}

const storageKey = (feed: FeedName) => `feedSettings:${feed}`;

/** The saved settings; anything missing, unknown or unreadable falls back to the defaults. */
export function readFeedSettings(feed: FeedName): FeedSettings {
  let saved: Partial<Record<keyof FeedSettings, unknown>> = {};
  try {
    saved = JSON.parse(localStorage.getItem(storageKey(feed)) ?? "{}") ?? {};
  } catch {
    // blocked storage or a corrupted value: use the defaults
  }
  const page = Number(saved.page);
  return {
    sort: isFeedSort(saved.sort) ? saved.sort : DEFAULT_SORT,
    period: isFeedPeriod(saved.period) ? saved.period : DEFAULT_PERIOD,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

export function storeFeedSettings(feed: FeedName, settings: FeedSettings): void {
  try {
    localStorage.setItem(storageKey(feed), JSON.stringify(settings));
  } catch {
    // Remembering is a convenience: the feed still works for this visit.
  }
}

/** The settings of one feed as React state, saved whenever they change. */
export function useFeedSettings(feed: FeedName) {
  const [settings, setSettings] = useState(() => {
    const saved = readFeedSettings(feed);
    const fromAddress = typeof location === "undefined" ? null : pageCountFromSearch(location.search);
    return fromAddress === null ? saved : { ...saved, page: fromAddress };
  });
  useEffect(() => storeFeedSettings(feed, settings), [feed, settings]);
  return [settings, setSettings] as const;
}
