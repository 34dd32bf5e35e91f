// /inbox (docs/decisions/026-inbox.md): what happened to what the signed-in reader wrote, newest
// first, twenty at a time. Its first HTML is the skeleton (the first HTML is the signed-out page); a
// signed-out reader is sent to sign in. Following an entry marks it read; "Mark all as read" marks
// the rest. Unread entries stand out by weight and a dot, not by colour alone.
import "./inbox.css";
import { ErrorPanel, Link, Navigate, Spinner, useAuth, useDocumentTitle, useTimeZone } from "@unbiased/web-shared";
import type { InboxEntry } from "@unbiased/worker-shared/contracts/inbox";
import { inboxEntryText } from "@unbiased/worker-shared/contracts/inbox-text";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { shortDateTime } from "../time/dateTime.ts";
import { EmptyState } from "../ui/EmptyState.tsx";
import { fetchInboxPage, markInboxRead } from "./inboxApi.ts";

type Status = "loading" | "ready" | "loading-more" | "failed";

function useInbox() {
  const [entries, setEntries] = useState<InboxEntry[]>([]);
  const [unread, setUnread] = useState(0);
  const [next, setNext] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>("loading");

  const load = useCallback(async (before: string | null) => {
    setStatus(before === null ? "loading" : "loading-more");
    try {
      const page = await fetchInboxPage(before);
      setEntries((shown) => (before === null ? page.entries : [...shown, ...page.entries]));
      setUnread(page.unread);
      setNext(page.next);
      setStatus("ready");
    } catch {
      setStatus("failed");
    }
  }, []);

  /** Shows the entries read at once, and the server's count once it answers. */
  const markRead = useCallback(async (mark: { ids: string[] } | { all: true }) => {
    setEntries((shown) => shown.map((e) => ("all" in mark || mark.ids.includes(e.id) ? { ...e, read: true } : e)));
    try {
      setUnread(await markInboxRead(mark));
    } catch {
      // Nothing lost: the entries show as unread again at the next visit.
    }
  }, []);

  useEffect(() => void load(null), [load]);
  return { entries, unread, next, status, load, markRead };
}

export function InboxPage() {
  useDocumentTitle("Inbox");
  const { user, loading } = useAuth();
  if (loading)
    return (
      <InboxLayout>
        <Spinner label="Loading your inbox…" />
      </InboxLayout>
    );
  if (!user) return <Navigate to="/login" replace />;
  return <InboxList key={user.id} />;
}

function InboxLayout({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <section className="inbox" aria-labelledby="inbox-title">
      <header className="inbox__header">
        <hgroup>
          <h1 id="inbox-title">Inbox</h1>
          <p className="feed__subtitle">Replies to your comments, moderators' decisions and your submitted links.</p>
        </hgroup>
        {action}
      </header>
      {children}
    </section>
  );
}

function InboxList() {
  const { entries, unread, next, status, load, markRead } = useInbox();
  if (status === "loading")
    return (
      <InboxLayout>
        <Spinner label="Loading your inbox…" />
      </InboxLayout>
    );
  if (status === "failed" && entries.length === 0)
    return (
      <InboxLayout>
        <ErrorPanel message="Failed to load your inbox" onRetry={() => void load(null)} />
      </InboxLayout>
    );
  if (entries.length === 0)
    return (
      <InboxLayout>
        <EmptyState
          title="Nothing here yet."
          hint="When someone replies to your comment, a moderator reviews it, or a link you submitted is added, it shows up here."
        />
      </InboxLayout>
    );
  const markAll = (
    <button
      type="button"
      className="ui-button ui-button--secondary"
      disabled={unread === 0}
      onClick={() => void markRead({ all: true })}
    >
      Mark all as read
    </button>
  );
  return (
    <InboxLayout action={markAll}>
      <p className="ui-page__note" aria-live="polite">
        {unread === 0 ? "No unread notifications." : `${unread} unread`}
      </p>
      <ol className="inbox__list">
        {entries.map((entry) => (
          <EntryRow key={entry.id} entry={entry} onFollow={() => void markRead({ ids: [entry.id] })} />
        ))}
      </ol>
      <div className="feed-end">
        {status === "failed" && <ErrorPanel message="Failed to load your inbox" onRetry={() => void load(next)} />}
        {next !== null && status !== "failed" && (
          <button
            type="button"
            className="ui-button ui-button--secondary"
            aria-busy={status === "loading-more"}
            disabled={status === "loading-more"}
            onClick={() => void load(next)}
          >
            {status === "loading-more" ? "Loading…" : "Load More"}
          </button>
        )}
      </div>
    </InboxLayout>
  );
}

function EntryRow({ entry, onFollow }: { entry: InboxEntry; onFollow: () => void }) {
  const timeZone = useTimeZone();
  const { headline, detail } = inboxEntryText(entry);
  return (
    <li className={entry.read ? "inbox__entry" : "inbox__entry inbox__entry--unread"}>
      <p className="inbox__headline">
        {!entry.read && <span className="inbox__dot" aria-label="Unread" role="img" />}
        <Link to={entry.link} onClick={entry.read ? undefined : onFollow}>
          {headline}
        </Link>
      </p>
      {detail && <p className="inbox__detail">{detail}</p>}
      <p className="inbox__time">
        <time dateTime={new Date(entry.at).toISOString()}>{shortDateTime(entry.at, timeZone)}</time>
      </p>
    </li>
  );
}
