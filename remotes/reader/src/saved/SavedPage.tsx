// /saved (docs/decisions/025-saved-articles.md): the signed-in reader's saved articles, newest save
// first, as the feed's cards, twenty at a time. Its first HTML is the skeleton (the first HTML is the
// signed-out page); a signed-out reader is sent to sign in, as the profile does. A card's Save button
// removes an article here too; it stays in view until the list is loaded again, so a slip is undone
// with one more tap.
import { ErrorPanel, Navigate, useAuth, useDocumentTitle, useSWRConfig } from "@unbiased/web-shared";
import type { SavedArticle } from "@unbiased/worker-shared/contracts/saved";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { ArticleCard } from "../feed/ArticleCard.tsx";
import { FeedSkeleton } from "../feed/FeedSkeleton.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { fetchSavedPage, savedKey } from "./savedApi.ts";

type Status = "loading" | "ready" | "loading-more" | "failed";

/**
 * The list, one page more at a time; keyed by the reader (SavedList), so another reader starts afresh.
 * Each card's Save shows saved at once: the page tells, so no card asks.
 */
function useSavedList(userId: string) {
  const { mutate } = useSWRConfig();
  const [articles, setArticles] = useState<SavedArticle[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>("loading");

  const load = useCallback(
    async (before: string | null) => {
      setStatus(before === null ? "loading" : "loading-more");
      try {
        const page = await fetchSavedPage(before);
        await Promise.all(
          page.data.map((a) => mutate(savedKey(a.id, userId), true, { revalidate: false, populateCache: true })),
        );
        // An article saved again meanwhile (it moved up) is listed once.
        setArticles((shown) => {
          const kept = before === null ? [] : shown;
          const ids = new Set(kept.map((a) => a.id));
          return [...kept, ...page.data.filter((a) => !ids.has(a.id))];
        });
        setNext(page.next);
        setStatus("ready");
      } catch {
        setStatus("failed");
      }
    },
    [mutate, userId],
  );

  useEffect(() => void load(null), [load]);
  return { articles, next, status, load };
}

export function SavedPage() {
  useDocumentTitle("Saved articles");
  const { user, loading } = useAuth();
  if (loading)
    return (
      <SavedLayout>
        <FeedSkeleton />
      </SavedLayout>
    );
  if (!user) return <Navigate to="/login" replace />;
  return <SavedList key={user.id} userId={user.id} />;
}

function SavedLayout({ children }: { children: ReactNode }) {
  return (
    <section className="feed" aria-labelledby="saved-title">
      <header className="feed__header">
        <hgroup>
          <h1 id="saved-title">Saved articles</h1>
          <p className="feed__subtitle">Stories you kept for later, the newest save first.</p>
        </hgroup>
      </header>
      <div className="feed__articles">{children}</div>
    </section>
  );
}

function SavedList({ userId }: { userId: string }) {
  const { articles, next, status, load } = useSavedList(userId);
  if (status === "loading")
    return (
      <SavedLayout>
        <FeedSkeleton />
      </SavedLayout>
    );
  if (status === "failed" && articles.length === 0)
    return (
      <SavedLayout>
        <ErrorPanel message="Failed to load saved articles" onRetry={() => void load(null)} />
      </SavedLayout>
    );
  if (articles.length === 0)
    return (
      <SavedLayout>
        <EmptyState title="No saved articles yet." hint="Tap the bookmark on any story to keep it here for later." />
      </SavedLayout>
    );
  return (
    <SavedLayout>
      <ol className="article-list">
        {articles.map((article, index) => (
          <li key={article.id}>
            <ArticleCard article={article} eager={index < 2} />
          </li>
        ))}
      </ol>
      <div className="feed-end">
        {status === "failed" && <ErrorPanel message="Failed to load saved articles" onRetry={() => void load(next)} />}
        {next !== null && status !== "failed" && (
          <button
            type="button"
            className="ui-button ui-button--secondary"
            aria-busy={status === "loading-more"}
            disabled={status === "loading-more"}
            onClick={() => void load(next)}
          >
            {status === "loading-more" ? "Loading…" : "Load More"}
          </button>
        )}
        {next === null && <p className="ui-page__note">That is every article you saved.</p>}
      </div>
    </SavedLayout>
  );
}
