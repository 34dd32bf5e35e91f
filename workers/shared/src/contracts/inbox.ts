// The reader's inbox (docs/decisions/026-inbox.md): what happened to what they wrote, told by the
// workers where it happened. The calls live beside the reader's other own data, under
// /api/auth/me/inbox. Zod-free, for the UI.

/** What an entry tells of. */
export const INBOX_ENTRY_TYPES = [
  /** Someone's reply to the reader's comment became visible. */
  "reply",
  /** A moderator approved the reader's comment. */
  "comment-approved",
  /** A moderator rejected the reader's comment (with the reason given). */
  "comment-rejected",
  /** A moderator sent the reader's approved comment back to the queue (with the reason given). */
  "comment-deactivated",
  /** The reader's submitted link became an article. */
  "submission-added",
  /** The reader's submitted link was a story the site already had. */
  "submission-duplicate",
  /** The reader's submitted link could not be made into an article (with why). */
  "submission-failed",
  /** Staff acted on what the reader reported (the reader's own reason in `reason`). */
  "report-actioned",
  /** Staff reviewed the reader's report and took no action. */
  "report-dismissed",
  /** A moderator changed the reader's reputation (`subject` holds the points, signed; `reason` why). */
  "reputation",
] as const;
export type InboxEntryType = (typeof INBOX_ENTRY_TYPES)[number];

/** An entry as the workers send it: everything but whether the reader has read it. */
export interface InboxEntryInput {
  /** From its event (`reply:{commentId}`, `review:{commentId}:{status}`, `submission:{id}`): a repeat is one entry. */
  id: string;
  type: InboxEntryType;
  /** When it happened (epoch ms). */
  at: number;
  /** Where the entry leads on this site: the reply, the comment, the article. */
  link: string;
  /** The article it is about, or the submitted address. */
  subject: string;
  /** A moderator's reason, why a submission failed, or a report's own reason; null otherwise. Never who acted. */
  reason: string | null;
  /** A reply's author and the start of its text; null otherwise. */
  actorName: string | null;
  excerpt: string | null;
}

export interface InboxEntry extends InboxEntryInput {
  read: boolean;
}

/** The queue message that carries an entry to the reader's object. */
export interface InboxMessage {
  userId: string;
  entry: InboxEntryInput;
}

/** A page of `GET /api/auth/me/inbox`. */
export const INBOX_PAGE_SIZE = 20;
/** The most entries a reader's inbox keeps: past it, the oldest read ones go first, then the oldest. */
export const INBOX_MAX_ENTRIES = 500;
/** The most ids one `POST /api/auth/me/inbox/read` marks. */
export const INBOX_READ_MAX = 100;
/** How long a reply's excerpt is kept. */
export const INBOX_EXCERPT_CHARS = 160;
/** How often the bell asks for the unread count while the tab is visible. */
export const INBOX_POLL_MS = 60_000;

/**
 * `GET /api/auth/me/inbox?limit=&before=`: newest first; `before` is the previous page's `next`.
 * `data.unread` is the count the bell shows.
 */
export interface InboxPageResponse {
  success: true;
  data: { entries: InboxEntry[]; unread: number };
  pagination: { limit: number; hasNext: boolean; next: string | null };
}

/** `GET /api/auth/me/inbox/unread`: the bell's count, from the reader's object alone. */
export interface InboxUnreadResponse {
  success: true;
  data: { unread: number };
}

/** `POST /api/auth/me/inbox/read` with `{ids}` or `{all: true}`: the count left unread. */
export type InboxReadResponse = InboxUnreadResponse;

/** A page's `next`: the last entry read, as `{at}:{id}`. */
export const inboxCursor = (at: number, id: string) => `${at}:${id}`;

/** `GET` and `PUT /api/auth/me/digest` ({subscribed}): whether the reader gets the daily e-mail digest. */
export interface DigestChoiceResponse {
  success: true;
  data: { subscribed: boolean };
}

export const DIGEST_MESSAGES = {
  loadFailed: "Failed to load your e-mail settings",
  saveFailed: "Failed to save your e-mail settings",
} as const;

export const INBOX_MESSAGES = {
  loadFailed: "Failed to load your inbox",
  markFailed: "Failed to mark as read",
} as const;

/** An excerpt of a comment for an entry: the first INBOX_EXCERPT_CHARS characters. */
export const inboxExcerpt = (text: string) =>
  text.length > INBOX_EXCERPT_CHARS ? `${text.slice(0, INBOX_EXCERPT_CHARS)}…` : text;

/**
 * The window event a page sends when it changed the unread count (entries marked read), with the
 * count in `detail.unread`: the header's bell shows it at once instead of at its next question.
 */
export const INBOX_CHANGED_EVENT = "unbiased:inbox-changed";
