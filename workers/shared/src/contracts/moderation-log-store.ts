// The moderation log as the comments worker keeps it (ADR 022 step 20): each entry is written to D1's
// `moderation_log` in the batch of the action it records, then moved to the ModerationLogMonth object of
// its UTC month. These are the shapes both readers use (the ModMe log in the comments worker, the public
// log in the gateway through CommentsRpc).

/** One entry as it was logged: `details` is the JSON text the action wrote. */
// A type, not an interface: the objects' SQL reads rows into it (rows are records of strings).
export type StoredModerationEntry = {
  /** D1's AUTOINCREMENT id: never reused, so an entry moved twice is kept once. */
  id: number;
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  details: string | null;
  createdAt: number;
};

/** Which entries a read wants; every field given must match (an empty list matches nothing). */
export interface ModerationLogQuery {
  /** The actor is one of these users. */
  actorIds?: string[];
  /** The action is one of these. */
  actions?: string[];
  /** The target's id or its type. */
  target?: string;
  /** Logged at or after this time (ms). */
  from?: number;
  /** Logged before this time (ms). */
  before?: number;
}

/** One page of the log, newest first, and how many entries match in all. */
export interface ModerationLogSlice {
  entries: StoredModerationEntry[];
  total: number;
}

/** Entries of one action (and ban kind, from the details' `banType`) logged on one UTC day. */
export type ModerationDayCount = {
  /** YYYY-MM-DD */
  day: string;
  action: string;
  kind: string | null;
  n: number;
};

/** A page of the entries a query matches, newest first from `offset`. */
export interface ModerationLogPageQuery {
  query: ModerationLogQuery;
  offset: number;
  limit: number;
}

/** What the gateway's public log reads in one call: its page's entries and its days' counts. */
export interface PublicModerationLogData {
  entries: StoredModerationEntry[];
  dayCounts: ModerationDayCount[];
}

/** The UTC month an entry is kept under, YYYY-MM. */
export const logMonthOf = (at: number): string => new Date(at).toISOString().slice(0, 7);
