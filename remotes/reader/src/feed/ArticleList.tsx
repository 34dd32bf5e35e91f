import { ErrorPanel } from "@unbiased/web-shared";
import { type MouseEvent, Suspense } from "react";
import { useBottomMarker } from "../hooks/useBottomMarker.ts";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ArticleCard } from "./ArticleCard.tsx";
import { FeedSkeleton } from "./FeedSkeleton.tsx";
import { canLoadMore, MAX_LOADED_ARTICLES } from "./feedRules.ts";
import { FEED_PAGE_PARAMETER } from "./feedSettings.ts";
import type { FeedPages } from "./useFeedPages.ts";

interface ArticleListProps {
  feed: FeedPages;
  /** Asks for the next page; Load More and the scroll marker both call it. */
  onLoadMore(): void;
}

/** Cards on a first screen: their images load at once; the rest wait until scrolled near. */
const FIRST_SCREEN_CARDS = 2;

/** The loading, failed, empty and loaded states of one feed, and its paging (spec §4 Feed). */
export function ArticleList({ feed, onLoadMore }: ArticleListProps) {
  const { articles, loadedPages, hasNext, isLoading, loadError, retry, activity } = feed;
  const more = canLoadMore(articles.length, hasNext);
  const markerRef = useBottomMarker<HTMLDivElement>(more && activity === null, articles.length, onLoadMore);

  if (isLoading) return <FeedSkeleton />;
  if (loadError) return <ErrorPanel message="Failed to load articles" onRetry={retry} />;
  if (articles.length === 0) {
    return (
      <EmptyState
        title="No articles here yet."
        hint="New summaries arrive throughout the day: check back soon, or choose a longer period."
      />
    );
  }
  return (
    <>
      <ol className="article-list">
        {articles.map((article, index) => {
          const card = <ArticleCard article={article} eager={index < FIRST_SCREEN_CARDS} priority={index === 0} />;
          return (
            <li key={article.id}>
              {index < FIRST_SCREEN_CARDS ? (
                card
              ) : (
                // Its own boundary: hydrating a server-rendered feed, React commits the page without
                // the cards below the first screen and hydrates them next, in slices, so the page
                // answers taps sooner. A tap on a card not hydrated yet hydrates that card at once and
                // is then handled (React's selective hydration; docs/decisions/019-early-input.md).
                <Suspense fallback={null}>{card}</Suspense>
              )}
            </li>
          );
        })}
      </ol>
      {/* Tells screen-reader users that Load More (or scrolling) added articles. */}
      <p className="visually-hidden" role="status">
        {articles.length} articles shown
      </p>
      <div ref={markerRef} className="feed-end" data-testid="feed-end">
        {more && (
          // A link to the feed with one page more, so it works before the app is ready and without
          // JavaScript (the server renders ?page=N); once the app runs it appends the next page in place.
          <a
            className="ui-button ui-button--secondary"
            href={`?${FEED_PAGE_PARAMETER}=${loadedPages + 1}`}
            aria-disabled={activity === "loading-more"}
            aria-busy={activity === "loading-more"}
            onClick={(event: MouseEvent<HTMLAnchorElement>) => {
              // A modifier-click or a middle click keeps the link's meaning (a new tab).
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              if (activity !== "loading-more") onLoadMore();
            }}
          >
            {activity === "loading-more" ? "Loading…" : "Load More"}
          </a>
        )}
        {!more && articles.length >= MAX_LOADED_ARTICLES && (
          <p className="ui-page__note">
            That is the first {MAX_LOADED_ARTICLES} articles. Choose a shorter period or a category to see others.
          </p>
        )}
        {!hasNext && articles.length < MAX_LOADED_ARTICLES && <p className="ui-page__note">You are all caught up.</p>}
      </div>
    </>
  );
}
