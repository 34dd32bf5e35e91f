// Saved articles as the reader uses them (docs/decisions/025-saved-articles.md), loaded on demand.
// The saved state of the cards on screen is asked together (askTogether), in batch calls of at most
// SAVED_BATCH_MAX ids; a failed batch fails its cards' questions, which SWR asks again (meanwhile they
// show as not saved; saving is idempotent).

import { apiFetch, toast } from "@unbiased/web-shared";
import {
  SAVED_BATCH_MAX,
  SAVED_MESSAGES,
  type SavedArticle,
  type SavedBatchResponse,
  type SavedPageResponse,
} from "@unbiased/worker-shared/contracts/saved";
import { askTogether } from "../cache/askTogether.ts";

/** One SWR key per article and reader for the saved state, shared by a card and the article page. */
export const savedKey = (articleId: string, userId: string) => `saved:${articleId}:${userId}`;

const savedPath = (articleId: string) => `/api/auth/me/saved/${encodeURIComponent(articleId)}`;

/** Saves the article (true) or removes it (false); resolves once the server has. */
export async function sendSaved(articleId: string, saved: boolean): Promise<void> {
  await apiFetch(savedPath(articleId), { method: saved ? "PUT" : "DELETE" });
}

/**
 * A tap on Save: shows the new state at once, and the old one again (with a toast) when the server
 * refused. `show` writes the article's shared cache entry (savedKey).
 */
export async function changeSaved(articleId: string, next: boolean, show: (saved: boolean) => Promise<unknown>) {
  await show(next);
  try {
    await sendSaved(articleId, next);
  } catch {
    await show(!next);
    toast.error(next ? SAVED_MESSAGES.saveFailed : SAVED_MESSAGES.unsaveFailed);
  }
}

/** One page of the reader's saved articles, newest save first: the first, or the one after `before`. */
export async function fetchSavedPage(before: string | null): Promise<{ data: SavedArticle[]; next: string | null }> {
  const query = before === null ? "" : `?before=${encodeURIComponent(before)}`;
  const { data, pagination } = await apiFetch<SavedPageResponse>(`/api/auth/me/saved${query}`);
  return { data, next: pagination.next };
}

/**
 * Whether the reader saved the article, asked with the other cards' in one call. The call answers
 * for whoever is signed in now (its token), so one asker serves every reader.
 */
export const isSaved = askTogether(SAVED_BATCH_MAX, async (articleIds) => {
  const response = await apiFetch<SavedBatchResponse>("/api/auth/me/saved/batch", {
    method: "POST",
    body: { articleIds },
  });
  const saved = new Set(response.data.saved);
  return new Map(articleIds.map((id) => [id, saved.has(id)]));
});
