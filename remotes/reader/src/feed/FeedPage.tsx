import { useParams } from "react-router-dom";
import type { CategorySlug } from "@unbiased/worker-shared/contracts/articles";
import { NotFoundPage, findCategory, useDocumentTitle } from "@unbiased/web-shared";
import { ArticleList } from "./ArticleList.tsx";
import { DEFAULT_FEED_QUERY, type FeedQuery } from "./feedQuery.ts";

/** The home feed (/ and /news, "Latest News") and the category feeds (/category/:category). */
export function FeedPage() {
  const { category: slug } = useParams();
  if (slug === undefined) return <Feed category="latest" title="Latest News" tabTitle="Latest News" />;
  const category = findCategory(slug);
  if (!category) return <NotFoundPage />;
  return <Feed category={category.slug} title={`${category.emoji} ${category.label}`} tabTitle={category.label} />;
}

interface FeedProps {
  category: CategorySlug;
  title: string;
  tabTitle: string;
}

/** The query object is where the sort and period selectors and paging will plug in. */
function Feed({ category, title, tabTitle }: FeedProps) {
  useDocumentTitle(tabTitle);
  const query: FeedQuery = { ...DEFAULT_FEED_QUERY, category };
  return (
    <section className="feed" aria-labelledby="feed-title">
      <header className="feed__header">
        <h1 id="feed-title">{title}</h1>
      </header>
      <ArticleList query={query} />
    </section>
  );
}
