const PLACEHOLDER_CARDS = 5;

/** Grey stand-ins shaped like article cards, so the page does not jump when articles arrive. */
export function FeedSkeleton() {
  return (
    <div className="feed-skeleton" role="status">
      <span className="visually-hidden">Loading articles…</span>
      {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders with nothing but their position.
        <div key={index} className="feed-skeleton__card" aria-hidden="true">
          <div className="skeleton-line skeleton-line--title" />
          <div className="skeleton-line skeleton-line--meta" />
          <div className="skeleton-line" />
          <div className="skeleton-line skeleton-line--short" />
        </div>
      ))}
    </div>
  );
}
