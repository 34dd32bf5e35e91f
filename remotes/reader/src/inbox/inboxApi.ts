// The inbox as the reader's page uses it (docs/decisions/026-inbox.md): pages of entries, and marks
// that tell the header's bell the count they leave.
import { apiFetch } from "@unbiased/web-shared";
import {
  INBOX_CHANGED_EVENT,
  type InboxEntry,
  type InboxPageResponse,
  type InboxReadResponse,
} from "@unbiased/worker-shared/contracts/inbox";

export interface InboxPage {
  entries: InboxEntry[];
  unread: number;
  next: string | null;
}

/** One page of entries, newest first: the first, or the one after `before`. */
export async function fetchInboxPage(before: string | null): Promise<InboxPage> {
  const query = before === null ? "" : `?before=${encodeURIComponent(before)}`;
  const { data, pagination } = await apiFetch<InboxPageResponse>(`/api/auth/me/inbox${query}`);
  return { entries: data.entries, unread: data.unread, next: pagination.next };
}

/** Marks entries read (`{ids}` or `{all: true}`); resolves with the count left, which the bell is told. */
export async function markInboxRead(mark: { ids: string[] } | { all: true }): Promise<number> {
  const { data } = await apiFetch<InboxReadResponse>("/api/auth/me/inbox/read", { method: "POST", body: mark });
  window.dispatchEvent(new CustomEvent(INBOX_CHANGED_EVENT, { detail: { unread: data.unread } }));
  return data.unread;
}
