import { Link, useNowMinute, useTimeZone } from "@unbiased/web-shared";
import type { Article } from "@unbiased/worker-shared/contracts/articles";
import { outletPath } from "@unbiased/worker-shared/contracts/paths";
import { fullTimestamp, relativeTime } from "../time/articleTime.ts";
import { useTimeTexts } from "../time/timeTexts.ts";

/**
 * "civicdispatch.example · 3 h ago": the source (a link to its page) and age, with the exact time in the
 * reader's timezone on hover.
 */
export function ArticleMeta({
  article,
  className,
}: {
  article: Pick<Article, "domain" | "sourcedTime">;
  className?: string;
}) {
  const timeZone = useTimeZone();
  const now = useNowMinute();
  const texts = useTimeTexts();
  return (
    <p className={className}>
      <Link to={outletPath(article.domain)}>{article.domain}</Link>
      <span aria-hidden="true"> · </span>
      <time
        dateTime={new Date(article.sourcedTime * 1000).toISOString()}
        title={fullTimestamp(article.sourcedTime, timeZone, texts)}
      >
        {relativeTime(article.sourcedTime, timeZone, now, texts)}
      </time>
    </p>
  );
}
