import { articlePath, Link, useTimeZone } from "@unbiased/web-shared";
import type { NewsEvent } from "@unbiased/worker-shared/contracts/articles";
import { eventPath } from "@unbiased/worker-shared/contracts/events";
import { useState } from "react";
import { dateRange } from "../time/articleTime.ts";
import { useTimeTexts } from "../time/timeTexts.ts";
import { useEvents } from "./useEvents.ts";

/** Enough to see what is going on without pushing the feed far down on a phone. */
const EVENTS_SHOWN_AT_FIRST = 3;

/**
 * Stories several articles cover (spec §2 Feed page, §3 Event). Secondary to the feed: while it
 * loads, when it fails or when there are no events, the section is simply not there.
 */
export function EventsSection() {
  const { data: events } = useEvents();
  const [showAll, setShowAll] = useState(false);
  if (!events || events.length === 0) return null;

  const shown = showAll ? events : events.slice(0, EVENTS_SHOWN_AT_FIRST);
  const hidden = events.length - shown.length;
  return (
    <section className="events" aria-labelledby="events-title">
      <h2 id="events-title" className="events__title">
        Events
      </h2>
      <ul className="events__list" id="events-list">
        {shown.map((event) => (
          <li key={event.id}>
            <EventItem event={event} />
          </li>
        ))}
      </ul>
      {events.length > EVENTS_SHOWN_AT_FIRST && (
        <button
          type="button"
          className="link-button"
          aria-expanded={showAll}
          aria-controls="events-list"
          onClick={() => setShowAll(!showAll)}
        >
          {showAll ? "Show fewer events" : `Show ${hidden} more event${hidden === 1 ? "" : "s"}`}
        </button>
      )}
    </section>
  );
}

function EventItem({ event }: { event: NewsEvent }) {
  const timeZone = useTimeZone();
  const texts = useTimeTexts();
  return (
    <article className="event" aria-labelledby={`event-${event.id}`}>
      {/* The title opens the event's own page: its articles grouped by outlet (ADR 018). */}
      <h3 id={`event-${event.id}`} className="event__title">
        <Link to={eventPath(event.id)}>{event.title}</Link>
      </h3>
      <p className="event__dates">
        <time dateTime={event.start_date}>{dateRange(event.start_date, event.end_date, timeZone, texts)}</time>
      </p>
      <p className="event__tldr">{event.main_tldr}</p>
      <ul className="event__articles" aria-label={`Articles about ${event.title}`}>
        {event.articles.map((article) => (
          <li key={article.id}>
            <Link to={articlePath(article)}>{article.title}</Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
