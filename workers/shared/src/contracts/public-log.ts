// The public moderation log (after Lobsters' moderation log; ADR 018): what staff removed, when and why,
// and the actor's role — never who reported it, nor a name, an e-mail or an id of a staff member or of
// the user acted on. Bans are not entries at all: a ban lands beside the rejection that caused it, and
// anyone who saw the comment would know who was banned, for how long and why. They appear only as a
// count per UTC day and kind, once the day has ended. ModMe's own log (/modme/log) shows staff
// everything. Zod-free: the reader imports it at run time.

import { MODERATION_ACTIONS } from "./moderation.ts";

/** The moderation-log actions readers see, each with the words the page shows for it. */
export const PUBLIC_LOG_ACTIONS = {
  [MODERATION_ACTIONS.articleHide]: "Article hidden",
  [MODERATION_ACTIONS.commentDeactivate]: "Comment hidden",
  [MODERATION_ACTIONS.commentReject]: "Comment rejected",
  [MODERATION_ACTIONS.commentDelete]: "Comment removed",
  [MODERATION_ACTIONS.commentDeletePermanent]: "Comment deleted permanently",
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
}

/** Days of ban counts the log shows, ending with yesterday (UTC). */
export const PUBLIC_LOG_BAN_DAYS = 30;

/** One ended UTC day's bans, by kind; days without any are left out. */
export interface PublicLogBanDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  temporary: number;
  permanent: number;
  /** Bans lifted by staff that day (a temporary ban that runs out is not counted). */
  lifted: number;
}

export interface PublicLogPage {
  entries: PublicLogEntry[];
  /** Newest day first, over the last PUBLIC_LOG_BAN_DAYS ended days. */
  bans: PublicLogBanDay[];
  pagination: { page: number; limit: number; hasNext: boolean };
}

/** The reader's page's words. */
export const PUBLIC_LOG_MESSAGES = {
  title: "Moderation log",
  intro:
    "Every time staff hide an article or hide or remove a comment, it is listed here with the reason. Names are left out: only the role of who acted is shown.",
  bansTitle: "Bans by day",
  bansIntro: `How many readers were banned, and how many bans were lifted, each day (UTC) of the last ${PUBLIC_LOG_BAN_DAYS} days, published once the day has ended. Bans are counted, never listed, so that no one can tell who was banned.`,
  noBans: "No bans in these days.",
  empty: "No moderation actions yet.",
  loadFailed: "Failed to load the moderation log",
} as const;
