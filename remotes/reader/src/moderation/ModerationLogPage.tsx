// /moderation (after Lobsters' public moderation log; ADR 018): what staff hid or removed, newest first,
// with the reason and the actor's role, and the bans of each ended day as counts — the API never sends
// more than that. Server-rendered by the reader's Worker; the pager is links, so it pages without
// JavaScript too.
import "./moderation.css";
import { ErrorPanel, Link, Spinner, useDocumentTitle, useSearchParams, useTimeZone } from "@unbiased/web-shared";
import {
  PUBLIC_LOG_ACTIONS,
  PUBLIC_LOG_MESSAGES,
  type PublicLogActor,
  type PublicLogBanDay,
  type PublicLogEntry,
} from "@unbiased/worker-shared/contracts/public-log";
import { parsePage } from "../search/searchQuery.ts";
import { shortDateTime } from "../time/dateTime.ts";
import { useTimeTexts } from "../time/timeTexts.ts";
import { EmptyState } from "../ui/EmptyState.tsx";
import { moderationLogPagePath } from "./moderationLogQuery.ts";
import { useModerationLog } from "./useModerationLog.ts";

/** How loud each action reads: a removal in amber, a permanent deletion in red. */
const TONE: Record<PublicLogEntry["action"], "warning" | "danger"> = {
  "article.hide": "warning",
  "comment.deactivate": "warning",
  "comment.reject": "warning",
  "comment.delete": "warning",
  "comment.delete_permanent": "danger",
};

const BY_ROLE: Record<PublicLogActor, string> = {
  admin: "by an admin",
  moderator: "by a moderator",
  staff: "by staff",
  system: "automatically",
};

export function ModerationLogPage() {
  useDocumentTitle(PUBLIC_LOG_MESSAGES.title);
  const [params] = useSearchParams();
  const page = parsePage(params.get("page"));
  const { data, error, isLoading, mutate } = useModerationLog(page);

  return (
    <section className="moderation-log" aria-labelledby="moderation-log-title">
      <h1 id="moderation-log-title">{PUBLIC_LOG_MESSAGES.title}</h1>
      <p className="ui-page__note">{PUBLIC_LOG_MESSAGES.intro}</p>
      {isLoading && <Spinner label="Loading the moderation log…" />}
      {error && <ErrorPanel message={PUBLIC_LOG_MESSAGES.loadFailed} onRetry={() => void mutate()} />}
      {data && data.data.length === 0 && (
        <EmptyState title={PUBLIC_LOG_MESSAGES.empty} hint="Actions appear here as staff take them." />
      )}
      {data && data.data.length > 0 && (
        <ol className="moderation-log__list">
          {data.data.map((entry) => (
            <li key={entry.id}>
              <LogEntry entry={entry} />
            </li>
          ))}
        </ol>
      )}
      {data && (page > 1 || data.pagination.hasNext) && (
        <nav className="moderation-log__pager" aria-label="Log pages">
          {page > 1 && (
            <Link className="ui-button" to={moderationLogPagePath(page - 1)} rel="prev">
              Newer
            </Link>
          )}
          <span aria-current="page">Page {page}</span>
          {data.pagination.hasNext && (
            <Link className="ui-button" to={moderationLogPagePath(page + 1)} rel="next">
              Older
            </Link>
          )}
        </nav>
      )}
      {data && <BanDays days={data.bans} />}
    </section>
  );
}

function BanDays({ days }: { days: PublicLogBanDay[] }) {
  return (
    <section className="moderation-log__bans" aria-labelledby="moderation-log-bans">
      <h2 id="moderation-log-bans">{PUBLIC_LOG_MESSAGES.bansTitle}</h2>
      <p className="ui-page__note">{PUBLIC_LOG_MESSAGES.bansIntro}</p>
      {days.length === 0 ? (
        <p className="moderation-log__muted">{PUBLIC_LOG_MESSAGES.noBans}</p>
      ) : (
        <table className="moderation-log__ban-table">
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col">Temporary bans</th>
              <th scope="col">Permanent bans</th>
              <th scope="col">Bans lifted</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{day.day}</time>
                </th>
                <td>{day.temporary}</td>
                <td>{day.permanent}</td>
                <td>{day.lifted}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function LogEntry({ entry }: { entry: PublicLogEntry }) {
  const timeZone = useTimeZone();
  const texts = useTimeTexts();
  return (
    <article className="moderation-log__entry" aria-label={PUBLIC_LOG_ACTIONS[entry.action]}>
      <p className="moderation-log__head">
        <strong className={`moderation-log__action moderation-log__action--${TONE[entry.action]}`}>
          {PUBLIC_LOG_ACTIONS[entry.action]}
        </strong>{" "}
        <span className="moderation-log__meta">
          {BY_ROLE[entry.actorRole]} · <time dateTime={entry.at}>{shortDateTime(entry.at, timeZone, texts)}</time>
        </span>
      </p>
      {entry.article && <ArticleLine entry={entry} article={entry.article} />}
      <p className="moderation-log__reason">
        {entry.reason ? (
          <>
            <span className="moderation-log__label">Reason:</span> {entry.reason}
          </>
        ) : (
          <span className="moderation-log__muted">No reason given</span>
        )}
      </p>
    </article>
  );
}

function ArticleLine({ entry, article }: { entry: PublicLogEntry; article: NonNullable<PublicLogEntry["article"]> }) {
  const label = entry.action === "article.hide" ? "Article:" : "On:";
  return (
    <p className="moderation-log__detail">
      <span className="moderation-log__label">{label}</span>{" "}
      {article.path ? <Link to={article.path}>{article.title}</Link> : <span>{article.title}</span>}{" "}
      <span className="moderation-log__muted">({article.domain})</span>
    </p>
  );
}
