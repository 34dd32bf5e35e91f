import { articlePath, Link } from "@unbiased/web-shared";
import type { RelatedStory } from "@unbiased/worker-shared/contracts/articles";
import { eventPath } from "@unbiased/worker-shared/contracts/events";
import { outletPath } from "@unbiased/worker-shared/contracts/paths";
import { useRelatedStories } from "./useRelatedStories.ts";

/**
 * Where a reader of the article goes next (ADR 018): the same story from other outlets (its event)
 * and more from this outlet. Beside the story on a wide screen, after the summaries on a phone. It
 * comes with the page's first HTML; a page without it shows nothing here rather than a spinner.
 */
export function RelatedStories({ articleId, domain }: { articleId: string; domain: string }) {
  const { data } = useRelatedStories(articleId);
  if (!data || (data.sameStory.length === 0 && data.fromOutlet.length === 0)) return null;
  return (
    <aside className="article-related" aria-label="Read next">
      {data.sameStory.length > 0 && (
        <section aria-labelledby="related-same-story">
          <h2 id="related-same-story">The same story elsewhere</h2>
          <StoryList stories={data.sameStory} showOutlet />
          {data.eventId && (
            <Link className="article-related__more" to={eventPath(data.eventId)}>
              Every outlet's coverage
            </Link>
          )}
        </section>
      )}
      {data.fromOutlet.length > 0 && (
        <section aria-labelledby="related-from-outlet">
          <h2 id="related-from-outlet">More from {domain}</h2>
          <StoryList stories={data.fromOutlet} />
          <Link className="article-related__more" to={outletPath(domain)}>
            All stories from {domain}
          </Link>
        </section>
      )}
    </aside>
  );
}

function StoryList({ stories, showOutlet = false }: { stories: RelatedStory[]; showOutlet?: boolean }) {
  return (
    <ul className="article-related__list">
      {stories.map((story) => (
        <li key={story.id}>
          <Link to={articlePath(story)}>{story.title}</Link>
          {showOutlet && <span className="article-related__outlet">{story.domain}</span>}
        </li>
      ))}
    </ul>
  );
}
