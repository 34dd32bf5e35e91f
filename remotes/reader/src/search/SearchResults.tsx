import { Button, ErrorPanel, Spinner } from "@unbiased/web-shared";
import { EmptyState } from "../ui/EmptyState.tsx";
import { SearchResultItem } from "./SearchResultItem.tsx";
import { resultCountLine } from "./searchQuery.ts";
import { useSearch } from "./useSearch.ts";

interface SearchResultsProps {
  query: string;
  page: number;
  onPageChange(page: number): void;
}

/** The results of one query: loading, failed, none, or a page of them with Previous/Next. */
export function SearchResults({ query, page, onPageChange }: SearchResultsProps) {
  const { data, error, isLoading, mutate } = useSearch(query, page);

  if (isLoading) return <Spinner label="Searching…" />;
  if (error || !data) {
    const detail = error instanceof Error ? error.message : "Failed to search articles";
    return <ErrorPanel message="Search failed" detail={detail} onRetry={() => void mutate()} retryLabel="Try Again" />;
  }

  const { totalResults, totalPages, totalCapped, hasNext } = data.pagination;
  return (
    <>
      <p className="search-page__count" role="status">
        {resultCountLine(totalResults, query, totalCapped)}
      </p>
      {totalCapped && (
        <p className="search-page__hint">
          Showing the {totalResults.toLocaleString("en")} most recent matches, best first. Add a word to narrow the
          search.
        </p>
      )}
      {data.data.length === 0 ? (
        <EmptyState
          title="No results found"
          hint="Try other or fewer words; the last word also matches the start of longer words."
        />
      ) : (
        <ol className="search-results">
          {data.data.map((result) => (
            <li key={result.id}>
              <SearchResultItem result={result} />
            </li>
          ))}
        </ol>
      )}
      {/* Spec §2: 'Page X of Y' whenever there are results, also when there is one page. */}
      {totalResults > 0 && (
        <nav className="search-pager" aria-label="Result pages">
          <Button onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
            Previous
          </Button>
          <span aria-current="page">
            Page {page} of {Math.max(totalPages, 1)}
          </span>
          <Button onClick={() => onPageChange(page + 1)} disabled={!hasNext}>
            Next
          </Button>
        </nav>
      )}
    </>
  );
}
