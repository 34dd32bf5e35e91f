// Saved articles as the reader uses them (docs/decisions/025-saved-articles.md), loaded on demand.
// The saved state of the cards on screen is asked together: questions made in the same moment are
// gathered into batch calls of at most SAVED_BATCH_MAX ids; a failed batch fails its cards' questions,
// which SWR asks again (meanwhile they show as not saved; saving is idempotent).

import { apiFetch, toast } from "@unbiased/web-shared";
import {
  SAVED_BATCH_MAX,
  SAVED_MESSAGES,
  type SavedArticle,
  type SavedBatchResponse,
  type SavedPageResponse,
} from "@unbiased/worker-shared/contracts/saved";

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

interface Waiter {
  articleId: string;
  resolve(saved: boolean): void;
  reject(error: unknown): void;
}

/** Questions gathered per reader until the next task. */
const gathering = new Map<string, Waiter[]>();

export function isSaved(articleId: string, userId: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let waiters = gathering.get(userId);
    if (!waiters) {
      const batch: Waiter[] = [];
      waiters = batch;
      gathering.set(userId, batch);
      setTimeout(() => {
        gathering.delete(userId);
        void answer(batch);
      }, 0);
    }
    waiters.push({ articleId, resolve, reject });
  });
}

async function answer(waiters: Waiter[]): Promise<void> {
  const ids = [...new Set(waiters.map((w) => w.articleId))];
  const saved = new Set<string>();
  const failed = new Set<string>();
  await Promise.all(
    Array.from({ length: Math.ceil(ids.length / SAVED_BATCH_MAX) }, async (_, i) => {
      const articleIds = ids.slice(i * SAVED_BATCH_MAX, (i + 1) * SAVED_BATCH_MAX);
      try {
        const response = await apiFetch<SavedBatchResponse>("/api/auth/me/saved/batch", {
          method: "POST",
          body: { articleIds },
        });
        for (const id of response.data.saved) saved.add(id);
      } catch {
        for (const id of articleIds) failed.add(id);
      }
    }),
  );
  for (const w of waiters) {
    if (failed.has(w.articleId)) w.reject(new Error(SAVED_MESSAGES.loadFailed));
    else w.resolve(saved.has(w.articleId));
  }
}
