// The 'articles loaded' counter of the staff tools (spec §2 Article page extras, §6): how many
// distinct articles this reader app has fetched since the page loaded — feed pages, search results
// and opened articles. Counted here as they arrive rather than read back from the SWR cache,
// because that cache drops a list a minute after it leaves the screen (articleCache.ts), which
// would make the number shrink while the moderator reads an article.
import { useSyncExternalStore } from "react";

const loadedIds = new Set<string>();
const listeners = new Set<() => void>();

/** Counts these articles as loaded (each id once). */
export function recordLoadedArticles(articles: readonly { id: string }[]): void {
  const before = loadedIds.size;
  for (const article of articles) loadedIds.add(article.id);
  if (loadedIds.size !== before) for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const snapshot = () => loadedIds.size;

/** The number of distinct articles loaded so far; re-renders as more arrive. */
export function useLoadedArticleCount(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** For tests: start the count from zero. */
export function resetLoadedArticles(): void {
  loadedIds.clear();
  for (const listener of listeners) listener();
}
