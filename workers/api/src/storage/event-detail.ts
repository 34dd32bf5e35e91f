// One event with its visible articles grouped by outlet (ADR 018: one story across outlets).
// An outlet is a domain: two feeds of one newsroom are one outlet, and a wire story republished
// elsewhere counts for the site that published it.

import type { EventDetail, EventOutlet } from "@unbiased/worker-shared/contracts/events";
import { articlePath } from "@unbiased/worker-shared/contracts/paths";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articles, events } from "@unbiased/worker-shared/db/schema/index";
import { visibleFilter } from "@unbiased/worker-shared/db/visible-filter";
import { and, asc, eq } from "drizzle-orm";

/** The event, or null when there is none with this id or none of its articles is visible. */
export async function getEventDetail(db: Database, id: string): Promise<EventDetail | null> {
  const [[event], members] = await Promise.all([
    db.select().from(events).where(eq(events.id, id)),
    db
      .select({
        id: articles.id,
        title: articles.title,
        url: articles.url,
        domain: articles.domain,
        sourceName: articles.sourceName,
        sourcedTime: articles.sourcedTime,
      })
      .from(articles)
      .where(and(eq(articles.eventId, id), visibleFilter()))
      .orderBy(asc(articles.sourcedTime), asc(articles.id)),
  ]);
  if (!event || members.length === 0) return null;

  // Members come oldest first, so each outlet's first article is its first report.
  const outlets = new Map<string, EventOutlet>();
  for (const member of members) {
    const outlet = outlets.get(member.domain) ?? {
      domain: member.domain,
      name: member.sourceName?.trim() || member.domain,
      firstReportedAt: member.sourcedTime,
      articles: [],
    };
    outlet.articles.push({
      id: member.id,
      title: member.title,
      path: articlePath(member),
      sourceUrl: member.url,
      sourcedTime: member.sourcedTime,
    });
    outlets.set(member.domain, outlet);
  }
  return {
    id: event.id,
    title: event.title,
    main_tldr: event.mainTldr,
    start_date: new Date(event.startDate).toISOString(),
    end_date: new Date(event.endDate).toISOString(),
    outlets: [...outlets.values()],
    articleCount: members.length,
  };
}
