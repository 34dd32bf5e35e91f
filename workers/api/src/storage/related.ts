// What an article page shows beside the story (ADR 018): the same story from other outlets and more
// from this outlet, read in one D1 batch after the article's own domain and event (no event: the
// outlet's alone).

import { RELATED_STORIES_MAX, type RelatedStories } from "@unbiased/worker-shared/contracts/articles";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articles } from "@unbiased/worker-shared/db/schema/index";
import { visibleFilter } from "@unbiased/worker-shared/db/visible-filter";
import { and, desc, eq, ne } from "drizzle-orm";

const storyColumns = {
  id: articles.id,
  title: articles.title,
  domain: articles.domain,
  sourcedTime: articles.sourcedTime,
};

/**
 * An event seldom has more articles from one outlet than this many in a row; reading a few pages'
 * worth keeps one story per outlet for RELATED_STORIES_MAX outlets without reading the whole event.
 */
const EVENT_ROWS_READ = RELATED_STORIES_MAX * 4;

/** null when the article is not visible (its page is a 404 then too). */
export async function relatedStories(db: Database, id: string): Promise<RelatedStories | null> {
  const [article] = await db
    .select({ domain: articles.domain, eventId: articles.eventId })
    .from(articles)
    .where(and(eq(articles.id, id), visibleFilter()));
  if (!article) return null;
  // Newest first on the outlet's feed index (articles_outlet_feed_idx).
  const fromOutlet = db
    .select(storyColumns)
    .from(articles)
    .where(and(eq(articles.domain, article.domain), eq(articles.status, "visible"), ne(articles.id, id)))
    .orderBy(desc(articles.sourcedTime), desc(articles.id))
    .limit(RELATED_STORIES_MAX);
  if (article.eventId === null) return { eventId: null, sameStory: [], fromOutlet: await fromOutlet };
  // The event's articles from other outlets (articles_event_idx), newest first.
  const fromEvent = db
    .select(storyColumns)
    .from(articles)
    .where(and(eq(articles.eventId, article.eventId), visibleFilter(), ne(articles.domain, article.domain)))
    .orderBy(desc(articles.sourcedTime), desc(articles.id))
    .limit(EVENT_ROWS_READ);
  const [outletRows, eventRows] = await db.batch([fromOutlet, fromEvent]);
  return {
    eventId: article.eventId,
    sameStory: onePerOutlet(eventRows).slice(0, RELATED_STORIES_MAX),
    fromOutlet: outletRows,
  };
}

/** The first (newest) story of each outlet, in order. */
function onePerOutlet<T extends { domain: string }>(rows: readonly T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.domain) && seen.add(row.domain));
}
