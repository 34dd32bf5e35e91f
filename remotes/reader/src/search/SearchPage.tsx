import "./search.css";
import { useDocumentTitle, useSearchParams } from "@unbiased/web-shared";
import { EmptyState } from "../ui/EmptyState.tsx";
import { SearchForm } from "./SearchForm.tsx";
import { SearchResults } from "./SearchResults.tsx";
import { parsePage, searchParams } from "./searchQuery.ts";

/** /search and /news/search, driven by the q and page query parameters (spec §2 Search page). */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get("q") ?? "").trim();
  const page = parsePage(params.get("page"));
  useDocumentTitle(query ? `Search: ${query}` : "Search");

  const show = (nextQuery: string, nextPage: number) => {
    setParams(searchParams(nextQuery, nextPage));
    window.scrollTo({ top: 0 });
  };

  return (
    <section className="search-page" aria-labelledby="search-title">
      <h1 id="search-title">Search</h1>
      {/* Keyed on the query: a search from the header replaces what the box holds. */}
      <SearchForm key={query} initialQuery={query} onSearch={(nextQuery) => show(nextQuery, 1)} />
      {query ? (
        <SearchResults query={query} page={page} onPageChange={(nextPage) => show(query, nextPage)} />
      ) : (
        <EmptyState title="Start searching" hint="Type a few words above to find articles by their title or summary." />
      )}
    </section>
  );
}
