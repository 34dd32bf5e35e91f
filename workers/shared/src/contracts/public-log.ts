// The public moderation log (issue 25 part 3, after Lobsters' moderation log): what staff removed or
// restricted, when and why, and the actor's role — never who reported it, nor a name, an e-mail or an
// id of a staff member or of the user acted on. ModMe's own log (/modme/log) shows staff everything.
// Zod-free: the reader imports it at run time.

/** The moderation-log actions readers see, each with the words the page shows for it. */
export const PUBLIC_LOG_ACTIONS = {
  "article.hide": "Article hidden",
  "comment.deactivate": "Comment hidden",
  "comment.reject": "Comment rejected",
  "comment.delete": "Comment removed",
  "comment.delete_permanent": "Comment deleted permanently",
  "user.ban": "User banned",
  "user.unban": "Ban lifted",
} as const;
export type PublicLogAction = keyof typeof PUBLIC_LOG_ACTIONS;
export const isPublicLogAction = (value: string): value is PublicLogAction => Object.hasOwn(PUBLIC_LOG_ACTIONS, value);

export const PUBLIC_LOG_PAGE_SIZE = 20;
/** Pages past this are refused (400): the log is read newest first, and deep offsets scan the table. */
export const PUBLIC_LOG_MAX_PAGE = 500;

/**
 * Who acted, as a role only: the role the actor holds now ("staff" when they hold none any more, or
 * their account is gone); "system" for the automatic checks.
 */
export type PublicLogActor = "admin" | "moderator" | "staff" | "system";

export interface PublicLogEntry {
  /** The log row's number: stable, and newest first in the list. */
  id: number;
  action: PublicLogAction;
  /** ISO 8601. */
  at: string;
  actorRole: PublicLogActor;
  reason: string | null;
  /**
   * The article concerned: the hidden article itself (no path: its page is gone), or the one a
   * comment was on (a path while the article is visible). Null when it no longer exists.
   */
  article: { title: string; domain: string; path: string | null } | null;
  /** A ban's kind and length; null for every other action. */
  ban: { type: "temporary" | "permanent"; hours: number | null } | null;
}

export interface PublicLogPage {
  entries: PublicLogEntry[];
  pagination: { page: number; limit: number; hasNext: boolean };
}

/** The reader's page's words. */
export const PUBLIC_LOG_MESSAGES = {
  title: "Moderation log",
  intro:
    "Every time staff hide an article, hide or remove a comment, or ban a reader, it is listed here with the reason. Names are left out: only the role of who acted is shown.",
  empty: "No moderation actions yet.",
  loadFailed: "Failed to load the moderation log",
} as const;
