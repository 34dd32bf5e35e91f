// /event/{id} (ADR 018, after Ground News' view of one story): the event's TLDR and time span,
// then who covered it — its articles grouped by outlet, each outlet with its first report's time,
// earliest first. Server-rendered by the reader's Worker; an unknown event is a 404 page.
import "./eventPage.css";
import { ApiRequestError, ErrorPanel, Link, Spinner, useDocumentTitle, useTimeZone } from "@unbiased/web-shared";
import {
  coveredBy,
  EVENT_MESSAGES,
  type EventDetail,
  type EventOutlet,
} from "@unbiased/worker-shared/contracts/events";
import ExternalLink from "lucide-react/icons/external-link";
import { dateRange } from "../time/articleTime.ts";
import { shortDateTime } from "../time/dateTime.ts";
import { useTimeTexts } from "../time/timeTexts.ts";
import { useEventDetail } from "./useEventDetail.ts";

export function EventPage({ id }: { id: string }) {
  const { data: event, error, isLoading, mutate } = useEventDetail(id);
  useDocumentTitle(event?.title ?? "Event");

  if (isLoading) return <Spinner label="Loading event…" />;
  if (error instanceof ApiRequestError && error.status === 404) return <EventNotFound />;
  if (error || !event) return <ErrorPanel message={EVENT_MESSAGES.loadFailed} onRetry={() => void mutate()} />;
  return <EventView event={event} />;
}

function EventNotFound() {
  return (
    <section className="ui-page" role="alert">
      <h1>{EVENT_MESSAGES.notFound}</h1>
      <p className="ui-page__note">The story may have been merged into another, or the link may be incomplete.</p>
      <Link className="ui-button ui-button--primary" to="/">
        Back to Home
      </Link>
    </section>
  );
}

function EventView({ event }: { event: EventDetail }) {
  const timeZone = useTimeZone();
  const texts = useTimeTexts();
  const covered = coveredBy(event.outlets.length);
  return (
    <article className="event-page" aria-labelledby="event-title">
      <header>
        <p className="event-page__kicker">Event</p>
        <h1 id="event-title">{event.title}</h1>
        <p className="event-page__meta">
          <time dateTime={event.start_date}>{dateRange(event.start_date, event.end_date, timeZone, texts)}</time>
          <span aria-hidden="true"> · </span>
          <span>
            {event.articleCount} article{event.articleCount === 1 ? "" : "s"}
          </span>
        </p>
      </header>

      <section className="event-page__section" aria-labelledby="event-tldr">
        <h2 id="event-tldr">TLDR</h2>
        <p className="event-page__tldr">{event.main_tldr}</p>
      </section>

      <section className="event-page__section" aria-labelledby="event-outlets">
        <h2 id="event-outlets">{covered}</h2>
        <ol className="event-outlets">
          {event.outlets.map((outlet) => (
            <li key={outlet.domain}>
              <OutletCoverage outlet={outlet} timeZone={timeZone} />
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

function OutletCoverage({ outlet, timeZone }: { outlet: EventOutlet; timeZone: string }) {
  const headingId = `outlet-${outlet.domain.replace(/[^a-z0-9]+/gi, "-")}`;
  const texts = useTimeTexts();
  const firstReport = new Date(outlet.firstReportedAt * 1000).toISOString();
  return (
    <section className="event-outlet" aria-labelledby={headingId}>
      <h3 id={headingId} className="event-outlet__name">
        {outlet.name}
      </h3>
      <p className="event-outlet__meta">
        {outlet.name !== outlet.domain && (
          <>
            <span>{outlet.domain}</span>
            <span aria-hidden="true"> · </span>
          </>
        )}
        First report <time dateTime={firstReport}>{shortDateTime(firstReport, timeZone, texts)}</time>
      </p>
      <ul className="event-outlet__articles">
        {outlet.articles.map((article) => (
          <li key={article.id}>
            <Link to={article.path}>{article.title}</Link>
            <a
              className="event-outlet__source"
              href={article.sourceUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${article.title} at ${outlet.domain} (opens in a new tab)`}
            >
              <ExternalLink aria-hidden="true" size={14} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
