import { Link } from "react-router-dom";
import type { Article } from "@unbiased/worker-shared/contracts/articles";
import { articlePath, categoryPath, findCategory } from "@unbiased/web-shared";
import { fullTimestamp, relativeTime } from "./relativeTime.ts";

/** One article in a feed: what happened at a glance (title, source, age, TLDR, categories). */
export function ArticleCard({ article }: { article: Article }) {
  const published = new Date(article.sourcedTime * 1000);
  return (
    <article className="article-card">
      <div className="article-card__body">
        <h2 className="article-card__title">
          <Link to={articlePath(article)}>{article.title}</Link>
        </h2>
        <p className="article-card__meta">
          <span>{article.domain}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={published.toISOString()} title={fullTimestamp(article.sourcedTime)}>
            {relativeTime(article.sourcedTime)}
          </time>
        </p>
        <p className="article-card__tldr">{article.tldr}</p>
        {article.categories.length > 0 && (
          <ul className="article-card__chips" aria-label="Categories">
            {article.categories.map((slug) => {
              const category = findCategory(slug);
              return (
                <li key={slug}>
                  <Link className="chip" to={categoryPath(slug)}>
                    {category ? `${category.emoji} ${category.label}` : slug}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {article.thumbnailUrl && (
        <figure className="article-card__media">
          {/* width/height and CSS aspect-ratio reserve the box before the image arrives. */}
          <img src={article.thumbnailUrl} alt={article.title} width={320} height={180} loading="lazy" decoding="async" />
          {article.imageAttribution && <figcaption>{article.imageAttribution}</figcaption>}
        </figure>
      )}
    </article>
  );
}
