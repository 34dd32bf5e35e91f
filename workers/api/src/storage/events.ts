// Events: stories that several articles cover (computed by ingestion), with their visible articles.

import type { NewsEvent } from "@unbiased/worker-shared/contracts/articles";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articles, events } from "@unbiased/worker-shared/db/schema/index";
import { visibleFilter } from "@unbiased/worker-shared/db/visible-filter";
import { and, desc, gte, inArray } from "drizzle-orm";

export const EVENTS_LIMIT = 10;
/** Events whose last article is older than this are no longer "current". */
export const EVENTS_WINDOW_MS = 7 * 24 * 3600 * 1000;

export async function listCurrentEvents(db: Database, now = Date.now()): Promise<NewsEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(gte(events.endDate, now - EVENTS_WINDOW_MS))
    .orderBy(desc(events.endDate))
    .limit(EVENTS_LIMIT);
  if (rows.length === 0) return [];
  const members = await db
    .select({ id: articles.id, title: articles.title, url: articles.url, eventId: articles.eventId })
    .from(articles)
    .where(
      and(
        inArray(
          articles.eventId,
          rows.map((e) => e.id),
        ),
        visibleFilter(),
      ),
    )
    .orderBy(desc(articles.sourcedTime));
  return rows
    .map((event) => ({
      id: event.id,
      title: event.title,
      main_tldr: event.mainTldr,
      start_date: new Date(event.startDate).toISOString(),
      end_date: new Date(event.endDate).toISOString(),
      articles: members
        .filter((m) => m.eventId === event.id)
        .map((m) => ({ id: m.id, title: m.title, sourceUrl: m.url })),
    }))
    .filter((event) => event.articles.length > 0);
}
