// Saved articles (docs/decisions/025-saved-articles.md): a signed-in reader keeps a story for later.
// The calls live beside the reader's other own data, under /api/auth/me/saved. Zod-free, for the UI.

import type { Article } from "./articles.ts";

/** A page of `GET /api/auth/me/saved`, newest save first. */
export const SAVED_PAGE_SIZE = 20;
/** The most articles `POST /api/auth/me/saved/batch` answers for at once (a feed asks per page of cards). */
export const SAVED_BATCH_MAX = 50;
/** The most articles one reader keeps: a reading list, not an archive of everything read. */
export const SAVED_ARTICLES_MAX = 5_000;

/** A saved article as the list shows it: the card's article and when it was saved (epoch ms). */
export interface SavedArticle extends Article {
  savedAt: number;
}

/** Where the next page starts (`before`), or null on the last page. */
export interface SavedPagination {
  limit: number;
  hasNext: boolean;
  next: string | null;
}

/**
 * `GET /api/auth/me/saved?limit=&before=`: newest save first, `limit` articles the site still shows
 * (an article hidden since it was saved is passed over, and kept in the list: it comes back if staff
 * restore it). A page starts after the entry its `before` names (the previous page's `next`), so a
 * removal meanwhile skips nothing.
 */
export interface SavedPageResponse {
  success: true;
  data: SavedArticle[];
  pagination: SavedPagination;
}

/** A page's `next`: the last entry read, as `{savedAt}:{articleId}`. */
export const savedCursor = (savedAt: number, articleId: string) => `${savedAt}:${articleId}`;

/** `PUT` and `DELETE /api/auth/me/saved/{articleId}`: the article's state now (both are idempotent). */
export interface SavedState {
  articleId: string;
  saved: boolean;
  /** When it was saved (epoch ms); null when it is not. */
  savedAt: number | null;
}

/** `POST /api/auth/me/saved/batch` with `{articleIds}`: which of them the reader has saved. */
export interface SavedBatchResponse {
  success: true;
  data: { saved: string[] };
}

export const SAVED_MESSAGES = {
  loadFailed: "Failed to load saved articles",
  saveFailed: "Failed to save article",
  unsaveFailed: "Failed to remove saved article",
  full: `You have saved ${SAVED_ARTICLES_MAX.toLocaleString("en-US")} articles. Remove some to save more.`,
  batchTooLarge: `At most ${SAVED_BATCH_MAX} articles per call`,
  badCursor: "before must be the next value of a previous page",
  /** A signed-out reader's tap on Save (a toast, as on a card's vote). */
  loginToast: "Please log in to save articles",
} as const;
