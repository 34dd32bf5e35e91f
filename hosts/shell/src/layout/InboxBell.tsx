// The header's bell (docs/decisions/026-inbox.md): the signed-in reader's unread inbox entries, asked
// from their Inbox object (no D1) when it appears, every minute while the tab is visible, and at once
// when the tab becomes visible again; a page that marks entries read tells it the new count. It ships
// in the user menu's chunk, so a reader who never signs in loads none of it.
import { apiFetch, Link } from "@unbiased/web-shared";
import { INBOX_CHANGED_EVENT, INBOX_POLL_MS, type InboxUnreadResponse } from "@unbiased/worker-shared/contracts/inbox";
import Bell from "lucide-react/icons/bell";
import { useEffect, useState } from "react";

/** More than this shows as "99+": the badge keeps its width. */
const BADGE_MAX = 99;

function useUnreadCount(): number {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let live = true;
    const ask = () => {
      if (document.visibilityState !== "visible") return;
      apiFetch<InboxUnreadResponse>("/api/auth/me/inbox/unread").then(
        (answer) => live && setUnread(answer.data.unread),
        // A failed question keeps the last count; the next one tries again.
        () => undefined,
      );
    };
    const told = (event: Event) => {
      const count = (event as CustomEvent<{ unread?: unknown }>).detail?.unread;
      if (typeof count === "number") setUnread(count);
    };
    ask();
    const timer = window.setInterval(ask, INBOX_POLL_MS);
    document.addEventListener("visibilitychange", ask);
    window.addEventListener(INBOX_CHANGED_EVENT, told);
    return () => {
      live = false;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", ask);
      window.removeEventListener(INBOX_CHANGED_EVENT, told);
    };
  }, []);
  return unread;
}

/** Keyed by the reader where it is used: another reader signing in on this page starts afresh. */
export function InboxBell() {
  const unread = useUnreadCount();
  const label = unread === 0 ? "Inbox, no unread notifications" : `Inbox, ${unread} unread`;
  return (
    <Link to="/inbox" className="inbox-bell ui-button ui-button--ghost" aria-label={label} title="Inbox">
      <Bell aria-hidden="true" size={18} />
      {unread > 0 && (
        <span className="inbox-bell__count" aria-hidden="true">
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      )}
    </Link>
  );
}
