import { ErrorPanel } from "@unbiased/web-shared";
import { ArticleCard } from "./ArticleCard.tsx";
import { FeedSkeleton } from "./FeedSkeleton.tsx";
import type { FeedQuery } from "./feedQuery.ts";
import { useFeed } from "./useFeed.ts";

/** The loading, failed, empty and loaded states of one feed. */
export function ArticleList({ query }: { query: FeedQuery }) {
  const { data, error, isLoading, mutate } = useFeed(query);

  if (isLoading) return <FeedSkeleton />;
  if (error || !data) return <ErrorPanel message="Failed to load articles" onRetry={() => void mutate()} />;
  if (data.data.length === 0) {
    return (
      <div className="feed-empty">
        <p>No articles here yet.</p>
        <p className="ui-page__note">New summaries arrive throughout the day; check back soon.</p>
      </div>
    );
  }
  return (
    <ol className="article-list">
      {data.data.map((article) => (
        <li key={article.id}>
          <ArticleCard article={article} />
        </li>
      ))}
    </ol>
  );
}
