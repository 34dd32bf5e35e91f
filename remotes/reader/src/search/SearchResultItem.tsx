import { articlePath, Link } from "@unbiased/web-shared";
import type { ShownSearchResult } from "../feed/shownFields.ts";
import { ArticleMeta } from "../ui/ArticleMeta.tsx";
import { Highlighted } from "./Highlighted.tsx";

/** One result: the title and a passage of the summary with the matched words marked. */
export function SearchResultItem({ result }: { result: ShownSearchResult }) {
  return (
    <article className="search-result">
      <h2 className="search-result__title">
        <Link to={articlePath(result)}>
          <Highlighted text={result.highlights.title} />
        </Link>
      </h2>
      <ArticleMeta article={result} className="search-result__meta" />
      {result.highlights.snippet && (
        <p className="search-result__snippet">
          <Highlighted text={result.highlights.snippet} />
        </p>
      )}
    </article>
  );
}
