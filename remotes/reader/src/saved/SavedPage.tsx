// /saved (docs/decisions/025-saved-articles.md): the signed-in reader's saved articles, newest save
// first, as the feed's cards, twenty at a time. Its first HTML is the skeleton (the first HTML is the
// signed-out page); a signed-out reader is sent to sign in, as the profile does. A card's Save button
// removes an article here too; it stays in view until the list is loaded again, so a slip is undone
// with one more tap.
import { ErrorPanel, Navigate, useAuth, useDocumentTitle } from "@unbiased/web-shared";
import type { SavedArticle } from "@unbiased/worker-shared/contracts/saved";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { ArticleCard } from "../feed/ArticleCard.tsx";
import { FeedSkeleton } from "../feed/FeedSkeleton.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { fetchSavedPage } from "./savedApi.ts";

type Status = "loading" | "ready" | "loading-more" | "failed";

/** The list, one page more at a time; keyed by the reader (SavedList), so another reader starts afresh. */
function useSavedList() {
  const [articles, setArticles] = useState<SavedArticle[]>([]);
  const [pages, setPages] = useState(0);
  const [hasNext, setHasNext] = useState(false);
  const [status, setStatus] = useState<Status>("loading");

  const load = useCallback(async (page: number) => {
    setStatus(page === 1 ? "loading" : "loading-more");
    try {
      const { data, pagination } = await fetchSavedPage(page);
      // An article saved twice over a page boundary (saved again meanwhile) is listed once.
      setArticles((shown) => {
        const kept = page === 1 ? [] : shown;
        const ids = new Set(kept.map((a) => a.id));
        return [...kept, ...data.filter((a) => !ids.has(a.id))];
      });
      setPages(page);
      setHasNext(pagination.hasNext);
      setStatus("ready");
    } catch {
      setStatus("failed");
    }
  }, []);

  useEffect(() => void load(1), [load]);
  return { articles, pages, hasNext, status, load };
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
  return <SavedList key={user.id} />;
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

function SavedList() {
  const { articles, pages, hasNext, status, load } = useSavedList();
  if (status === "loading")
    return (
      <SavedLayout>
        <FeedSkeleton />
      </SavedLayout>
    );
  if (status === "failed" && articles.length === 0)
    return (
      <SavedLayout>
        <ErrorPanel message="Failed to load saved articles" onRetry={() => void load(1)} />
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
        {status === "failed" && (
          <ErrorPanel message="Failed to load saved articles" onRetry={() => void load(pages + 1)} />
        )}
        {hasNext && status !== "failed" && (
          <button
            type="button"
            className="ui-button ui-button--secondary"
            aria-busy={status === "loading-more"}
            disabled={status === "loading-more"}
            onClick={() => void load(pages + 1)}
          >
            {status === "loading-more" ? "Loading…" : "Load More"}
          </button>
        )}
        {!hasNext && <p className="ui-page__note">That is every article you saved.</p>}
      </div>
    </SavedLayout>
  );
}
