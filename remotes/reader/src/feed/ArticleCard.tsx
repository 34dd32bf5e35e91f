import { articlePath, Link } from "@unbiased/web-shared";
import { CommentCountLink } from "../comments/CommentCountLink.tsx";
import { CardSaveSlot } from "../saved/CardSaveSlot.tsx";
import { ArticleImage } from "../ui/ArticleImage.tsx";
import { ArticleMeta } from "../ui/ArticleMeta.tsx";
import { CategoryChips } from "../ui/CategoryChips.tsx";
import { unwrapSummaryText } from "../ui/summaryText.ts";
import { ArticleVoteButtons } from "../votes/ArticleVoteButtons.tsx";
import type { CardArticle } from "./shownFields.ts";

/** One article in a feed: what happened at a glance (title, source, age, TLDR, categories). */
/**
 * `eager`: the first cards' images load at once; `priority`: this card's image is the page's largest
 * paint (the first card), so it is fetched ahead of the scripts.
 */
export function ArticleCard({
  article,
  eager = false,
  priority = false,
}: {
  article: CardArticle;
  eager?: boolean;
  priority?: boolean;
}) {
  return (
    <article className="article-card">
      <div className="article-card__body">
        {/* The title shares its row with the Save button's place: a phone's footer has no room left. */}
        <div className="article-card__heading">
          <h2 className="article-card__title">
            <Link to={articlePath(article)}>{article.title}</Link>
          </h2>
          <CardSaveSlot articleId={article.id} title={article.title} />
        </div>
        <ArticleMeta article={article} className="article-card__meta" />
        <p className="article-card__tldr">{unwrapSummaryText(article.tldr)}</p>
        <div className="article-card__footer">
          <CategoryChips categories={article.categories} />
          <ArticleVoteButtons articleId={article.id} title={article.title} signedOut="toast" size="small" />
          <CommentCountLink article={article} />
        </div>
      </div>
      {article.thumbnailUrl && (
        <ArticleImage
          className="article-card__media"
          src={article.thumbnailUrl}
          alt={article.title}
          attribution={article.imageAttribution}
          width={320}
          height={180}
          lazy={!eager}
          priority={priority}
        />
      )}
    </article>
  );
}
