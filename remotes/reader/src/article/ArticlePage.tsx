import "./article.css";
import {
  ApiRequestError,
  ErrorPanel,
  isStaff,
  Link,
  Spinner,
  useAuth,
  useDocumentTitle,
  useTimeZone,
} from "@unbiased/web-shared";
import type { Article } from "@unbiased/worker-shared/contracts/articles";
import { outletPath } from "@unbiased/worker-shared/contracts/paths";
import ExternalLink from "lucide-react/icons/external-link";
import { CommentCountLink } from "../comments/CommentCountLink.tsx";
import { CommentsSection } from "../comments/CommentsSection.tsx";
import { OnDemand, StaffTools } from "../dialogs/onDemand.tsx";
import { fullTimestamp } from "../time/articleTime.ts";
import { useTimeTexts } from "../time/timeTexts.ts";
import { ArticleImage } from "../ui/ArticleImage.tsx";
import { CategoryChips } from "../ui/CategoryChips.tsx";
import { summaryAnswers, unwrapSummaryText } from "../ui/summaryText.ts";
import { ArticleVoteButtons } from "../votes/ArticleVoteButtons.tsx";
import { ArticleActions } from "./ArticleActions.tsx";
import { detailParagraphs } from "./detailParagraphs.ts";
import { RelatedStories } from "./RelatedStories.tsx";
import { SummaryAnswers } from "./SummaryAnswers.tsx";
import { useArticle } from "./useArticle.ts";
import { useHashTarget } from "./useHashTarget.ts";

/** One article: its TLDR, the six answers, the longer summaries and the way to the source. */
export function ArticlePage({ id }: { id: string }) {
  const { data: article, error, isLoading, mutate } = useArticle(id);
  useDocumentTitle(article?.title ?? "Article");
  useHashTarget();

  if (isLoading) return <Spinner label="Loading article…" />;
  if (error instanceof ApiRequestError && error.status === 404) return <ArticleNotFound />;
  if (error || !article) return <ErrorPanel message="Failed to load article" onRetry={() => void mutate()} />;
  return <ArticleView article={article} onChanged={() => void mutate()} />;
}

function ArticleNotFound() {
  return (
    <section className="ui-page" role="alert">
      <h1>Article not found</h1>
      <p className="ui-page__note">It may have been removed, or the link may be incomplete.</p>
      <Link className="ui-button ui-button--primary" to="/">
        Back to Home
      </Link>
    </section>
  );
}

/** `onChanged` refetches the article (after a staff tool rewrote part of it). */
function ArticleView({ article, onChanged }: { article: Article; onChanged(): void }) {
  const timeZone = useTimeZone();
  const texts = useTimeTexts();
  const { user } = useAuth();
  const answers = summaryAnswers(article.summary);
  const tldr = unwrapSummaryText(article.tldr);
  const shortSummary = unwrapSummaryText(article.shortSummary);
  // 'In detail' never repeats what 'Summary' just said.
  const detail = detailParagraphs(unwrapSummaryText(article.detailedSummary), shortSummary);
  const location = article.location || [article.locationCity, article.locationCountry].filter(Boolean).join(", ");

  return (
    <article className="article-page" aria-labelledby="article-title">
      <div className="article-page__story">
        <header className="article-page__header">
          <CategoryChips categories={article.categories} />
          <h1 id="article-title">{article.title}</h1>
          <p className="article-page__meta">
            <Link to={outletPath(article.domain)}>{article.domain}</Link>
            <span aria-hidden="true"> · </span>
            <time dateTime={new Date(article.sourcedTime * 1000).toISOString()}>
              {fullTimestamp(article.sourcedTime, timeZone, texts)}
            </time>
            {location && (
              <>
                <span aria-hidden="true"> · </span>
                <span>{location}</span>
              </>
            )}
          </p>
          <div className="article-page__actions">
            <a className="ui-button ui-button--primary" href={article.url} target="_blank" rel="noopener noreferrer">
              Read at {article.domain}
              <ExternalLink aria-hidden="true" size={16} />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            <ArticleActions article={article} />
            <CommentCountLink article={article} className="article-page__comment-count" />
          </div>
          <ArticleVoteButtons articleId={article.id} title={article.title} signedOut="prompt" />
          {/* For staff only (a courtesy: the server refuses their calls to anyone else), so loaded for them only. */}
          <OnDemand when={isStaff(user)}>
            <StaffTools articleId={article.id} onChanged={onChanged} />
          </OnDemand>
        </header>

        {article.thumbnailUrl && (
          <ArticleImage
            className="article-page__image"
            src={article.thumbnailUrl}
            alt=""
            attribution={article.imageAttribution}
            width={960}
            height={540}
            priority
          />
        )}

        {tldr && (
          <section className="article-page__section" aria-labelledby="article-tldr">
            <h2 id="article-tldr">TLDR</h2>
            <p className="article-page__tldr">{tldr}</p>
          </section>
        )}
        {answers.length > 0 && (
          <section className="article-page__section" aria-labelledby="article-answers">
            <h2 id="article-answers">At a glance</h2>
            <SummaryAnswers answers={answers} />
          </section>
        )}
        {shortSummary && (
          <section className="article-page__section" aria-labelledby="article-summary">
            <h2 id="article-summary">Summary</h2>
            <p>{shortSummary}</p>
          </section>
        )}
        {detail.length > 0 && (
          <section className="article-page__section" aria-labelledby="article-detail">
            <h2 id="article-detail">In detail</h2>
            {detail.map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, which never reorder.
              <p key={index}>{paragraph}</p>
            ))}
          </section>
        )}
      </div>
      <RelatedStories articleId={article.id} domain={article.domain} />
      <CommentsSection articleId={article.id} />
    </article>
  );
}
