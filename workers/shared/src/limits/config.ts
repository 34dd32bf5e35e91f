// Every rate limit in one place (docs/contracts.md § Limits). Benchmarks and tests may pass their own.
export interface LimitRule {
  limit: number;
  windowMs: number;
}

const HOUR = 3600_000;
const MINUTE = 60_000;

/**
 * How many AddressLimiter objects (the gateway's) share the keys of the per-address limits they count;
 * changing it moves keys to other buckets (their windows restart).
 */
export const ADDRESS_LIMITER_BUCKETS = 64;

export const RATE_LIMITS = {
  /** Spec §9: 100 votes per hour per user (enforced by the VoteLimiter Durable Object). */
  votes: { limit: 100, windowMs: HOUR },
  /** New comments per user (comments worker); replies and comment votes have their own. */
  comments: { limit: 30, windowMs: HOUR },
  replies: { limit: 60, windowMs: HOUR },
  /** Comment votes per user: a few a second is a script, not a reader (ADR 011). */
  commentVotes: { limit: 30, windowMs: MINUTE },
  /**
   * And per hour: a reader voting on five comments a minute for an hour stays under it; it bounds the
   * voter's own list (their UserCommentVotes object, ADR 022) for the capacity model. Both are counted
   * in that object, not in D1.
   */
  commentVotesPerHour: { limit: 300, windowMs: HOUR },
  /** Article and comment reports per user, each counted on its own key. */
  reports: { limit: 20, windowMs: HOUR },
  submissions: { limit: 10, windowMs: HOUR },
  /** Downloads of one's own data per user: each reads every table that holds it (ADR 017). */
  dataExport: { limit: 10, windowMs: HOUR },
  /**
   * Saves and unsaves per user, counted by the reader's SavedArticles object: a reader tidying a list
   * by hand does a few dozen; hundreds an hour is a script.
   */
  savedChanges: { limit: 300, windowMs: HOUR },
  /**
   * Marks of inbox entries as read, per reader, counted in their Inbox object (docs/decisions/026-inbox.md):
   * a reader opening entries one by one does dozens an hour.
   */
  inboxMarks: { limit: 600, windowMs: HOUR },
  /** Sign-in attempts per client address. */
  signIn: { limit: 20, windowMs: 15 * MINUTE },
  /** ModMe password checks per user, counted before each check and reset by the right password. */
  modmeGate: { limit: 5, windowMs: 15 * MINUTE },
  /**
   * Token refreshes per client address (a reader refreshes about once per 15-minute access token),
   * counted in the gateway's AddressLimiter objects, not D1 (the most frequent limit of all).
   */
  refresh: { limit: 120, windowMs: 15 * MINUTE },
  /** Searches per client address that miss the cache (each runs full-text queries in D1). */
  search: { limit: 600, windowMs: 10 * MINUTE },
  /**
   * Pictures per client address that miss the edge cache (each downloads up to 5 MB from a publisher):
   * a feed scrolled to its 100 cards misses at most 100, so an ordinary reader never comes near it.
   */
  imageMisses: { limit: 300, windowMs: 10 * MINUTE },
} satisfies Record<string, LimitRule>;
