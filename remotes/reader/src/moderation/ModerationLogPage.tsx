// /moderation (issue 25 part 3, after Lobsters' public moderation log): what staff hid, removed or
// banned, newest first, with the reason and the actor's role — the API never sends more than that.
// Server-rendered by the reader's Worker; the pager is links, so it pages without JavaScript too.
import "./moderation.css";
import { ErrorPanel, Link, Spinner, useDocumentTitle, useSearchParams, useTimeZone } from "@unbiased/web-shared";
import {
  PUBLIC_LOG_ACTIONS,
  PUBLIC_LOG_MESSAGES,
  type PublicLogActor,
  type PublicLogEntry,
} from "@unbiased/worker-shared/contracts/public-log";
import { parsePage } from "../search/searchQuery.ts";
import { shortDateTime } from "../time/dateTime.ts";
import { EmptyState } from "../ui/EmptyState.tsx";
import { moderationLogPagePath } from "./moderationLogQuery.ts";
import { useModerationLog } from "./useModerationLog.ts";

/** How loud each action reads: removals in amber, a ban in red, a lifted ban in green. */
const TONE: Record<PublicLogEntry["action"], "warning" | "danger" | "success"> = {
  "article.hide": "warning",
  "comment.deactivate": "warning",
  "comment.reject": "warning",
  "comment.delete": "warning",
  "comment.delete_permanent": "warning",
  "user.ban": "danger",
  "user.unban": "success",
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
    </section>
  );
}

function LogEntry({ entry }: { entry: PublicLogEntry }) {
  const timeZone = useTimeZone();
  return (
    <article className="moderation-log__entry" aria-label={PUBLIC_LOG_ACTIONS[entry.action]}>
      <p className="moderation-log__head">
        <strong className={`moderation-log__action moderation-log__action--${TONE[entry.action]}`}>
          {PUBLIC_LOG_ACTIONS[entry.action]}
        </strong>{" "}
        <span className="moderation-log__meta">
          {BY_ROLE[entry.actorRole]} · <time dateTime={entry.at}>{shortDateTime(entry.at, timeZone)}</time>
        </span>
      </p>
      {entry.ban && (
        <p className="moderation-log__detail">
          {entry.ban.type === "permanent" ? "Permanent ban" : `Temporary ban, ${banLength(entry.ban.hours)}`}
        </p>
      )}
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

/** "24 hours", "1 hour", "7 days" (whole days read as days). */
function banLength(hours: number | null): string {
  if (hours === null) return "length not recorded";
  if (hours >= 48 && hours % 24 === 0) return `${hours / 24} days`;
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}
