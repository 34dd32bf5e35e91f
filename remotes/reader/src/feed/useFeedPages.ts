// The pages of one feed loaded so far, as one cached list: Load More appends a page, Refresh
// fetches the loaded pages again, and auto-refresh swaps in a fresh first page.

import { apiFetch, isFirstShowingOfSeed, noteSeedShown, useSWR, useSWRConfig } from "@unbiased/web-shared";
import type { Article, FeedResponse } from "@unbiased/worker-shared/contracts/articles";
import { useEffect, useState } from "react";
import { ARTICLE_CACHE } from "../cache/articleCache.ts";
import { type FeedSelection, feedPagesKey, feedUrl } from "../cache/feedQuery.ts";
import { recordLoadedArticles } from "../cache/loadedArticles.ts";
import { countNewArticles } from "./feedRules.ts";

async function fetchPage(selection: FeedSelection, page: number): Promise<FeedResponse> {
  const response = await apiFetch<FeedResponse>(feedUrl({ ...selection, page }));
  recordLoadedArticles(response.data);
  return response;
}

/** Pages 1…count, fetched in parallel; whatever follows the server's last page is dropped. */
async function fetchFirstPages(selection: FeedSelection, count: number): Promise<FeedResponse[]> {
  const pages = await Promise.all(Array.from({ length: count }, (_, index) => fetchPage(selection, index + 1)));
  const last = pages.findIndex((page) => !page.pagination.hasNext);
  return last === -1 ? pages : pages.slice(0, last + 1);
}

/**
 * The articles of the pages in order. A story published while the reader pages through shifts
 * every page by one, so the next page can repeat the last article of the one before: shown once.
 */
function distinctArticles(pages: readonly FeedResponse[]): Article[] {
  const byId = new Map<string, Article>();
  for (const article of pages.flatMap((page) => page.data)) {
    if (!byId.has(article.id)) byId.set(article.id, article);
  }
  return [...byId.values()];
}

export type FeedActivity = "loading-more" | "refreshing" | null;

export interface FeedPages {
  articles: Article[];
  /** How many pages are loaded (0 while the first is on its way). */
  loadedPages: number;
  /** The server has a page after the last one loaded. */
  hasNext: boolean;
  isLoading: boolean;
  /** Set when the first load failed; later failures leave the list as it was. */
  loadError: unknown;
  retry(): void;
  activity: FeedActivity;
  /** Appends the next page; rejects when it cannot be fetched. */
  loadMore(): Promise<void>;
  /** Fetches the loaded pages again and shows them; resolves to how many articles are new. */
  refresh(): Promise<number>;
  /**
   * Fetches the first page and, if it holds articles not shown yet, makes it the whole list;
   * resolves to how many are new (0: nothing changed).
   */
  replaceWithNewest(): Promise<number>;
}

/**
 * `pageCount` is how many pages to load when nothing is cached (the saved page of spec §3);
 * `onPageCountChange` hears of every change to it, with the selection it applies to (the reader
 * may have picked another sort or period while the pages were on their way).
 */
export function useFeedPages(
  selection: FeedSelection,
  pageCount: number,
  onPageCountChange: (selection: FeedSelection, count: number) => void,
): FeedPages {
  const key = feedPagesKey(selection);
  // Only the first showing of a feed that came with the page keeps the first HTML's list as it is.
  const onFirstHtml = isFirstShowingOfSeed(key);
  const { mutate } = useSWRConfig();
  const {
    data: pages,
    error,
    isLoading,
    mutate: revalidate,
  } = useSWR(key, () => fetchFirstPages(selection, pageCount), {
    ...ARTICLE_CACHE,
    // The list changes only when the reader asks (Refresh, Load More) or auto-refresh finds news:
    // re-sorting it under them because the tab regained focus would lose their place.
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    // Nor when it first mounts on the pages of the page's first HTML, which may come from the
    // gateway's cache and be up to 90 s old: stories newer than the page arrive through auto-refresh
    // and Refresh, which say how many, never by swapping the list the reader is looking at.
    ...(onFirstHtml ? { revalidateOnMount: false } : {}),
  });
  useEffect(() => {
    noteSeedShown(key);
  }, [key]);
  const [activity, setActivity] = useState<FeedActivity>(null);

  /**
   * Writes `next` to this selection's list unless, while it was fetched, the list changed (another
   * action finished first) or the reader picked another sort or period (another key).
   */
  const replacePages = async (expected: readonly FeedResponse[], next: FeedResponse[]): Promise<boolean> => {
    let applied = false;
    await mutate<FeedResponse[]>(
      key,
      (current) => {
        if (current !== expected) return current;
        applied = true;
        return next;
      },
      { revalidate: false },
    );
    if (applied) onPageCountChange(selection, next.length);
    return applied;
  };

  const track = async <T>(kind: FeedActivity, work: () => Promise<T>): Promise<T> => {
    setActivity(kind);
    try {
      return await work();
    } finally {
      setActivity(null);
    }
  };

  const loadMore = async () => {
    if (!pages || activity) return;
    await track("loading-more", async () => {
      const next = await fetchPage(selection, pages.length + 1);
      await replacePages(pages, [...pages, next]);
    });
  };

  const refresh = async () => {
    if (!pages || activity) return 0;
    return track("refreshing", async () => {
      const next = await fetchFirstPages(selection, pages.length);
      const applied = await replacePages(pages, next);
      return applied ? countNewArticles(distinctArticles(pages), distinctArticles(next)) : 0;
    });
  };

  const replaceWithNewest = async () => {
    if (!pages || activity) return 0;
    const first = await fetchPage(selection, 1);
    const fresh = countNewArticles(distinctArticles(pages), first.data);
    if (fresh === 0) return 0;
    return (await replacePages(pages, [first])) ? fresh : 0;
  };

  return {
    articles: pages ? distinctArticles(pages) : [],
    loadedPages: pages?.length ?? 0,
    hasNext: pages?.at(-1)?.pagination.hasNext ?? false,
    isLoading,
    loadError: pages ? undefined : error,
    retry: () => void revalidate(),
    activity,
    loadMore,
    refresh,
    replaceWithNewest,
  };
}
