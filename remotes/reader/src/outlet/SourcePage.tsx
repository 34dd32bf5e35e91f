import "./sourcePage.css";
import { NotFoundPage, useParams } from "@unbiased/web-shared";
import { outletDomain, outletFeedPath } from "@unbiased/worker-shared/contracts/outlets";
import { outletFeed } from "../cache/feedQuery.ts";
import { Feed } from "../feed/FeedPage.tsx";

/**
 * /source/{domain}: one outlet's stories, with the feed's sort, period and paging, and its own Atom
 * feed. Keyed on the domain: another outlet starts from its own saved settings. An outlet with no
 * story (the API's 404) is not found.
 */
export function SourcePage() {
  const domain = outletDomain(useParams().domain ?? "");
  if (domain === null) return <NotFoundPage />;
  return (
    <Feed
      key={domain}
      feed={outletFeed(domain)}
      title={domain}
      tabTitle={`Stories from ${domain}`}
      subtitle={
        <p className="feed__subtitle">
          Stories from this outlet, summarized. <a href={outletFeedPath(domain)}>Atom feed</a>
        </p>
      }
      withEvents={false}
      missing={<NotFoundPage />}
    />
  );
}
