// Voting service shapes, limits and messages (spec §3, §4, §7, §8, §9), shared by the votes worker and
// the UI. Zod-free: the UI imports it at run time; the worker's schemas are in votes.schema.ts.

export const VOTE_TYPES = ["upvote", "downvote"] as const;
export type VoteType = (typeof VOTE_TYPES)[number];
export const isVoteType = (value: unknown): value is VoteType => (VOTE_TYPES as readonly unknown[]).includes(value);
/** What the UI shows for a user's vote on an article (spec §3: upvote, downvote or none). */
export type UserVoteState = VoteType | "none";

/** Spec §9 'bulk article data is truncated to 20 articles per call': more ids are a 400, the UI splits. */
export const MAX_BATCH_IDS = 20;
/** Profile's Voting History (spec §2, §9). */
/**
 * VoteLog objects per UTC day (ADR 022): a user's events of a day go to the shard of their id. The
 * local stack and the tests run two, so the routing is exercised as deployed; the capacity model
 * divides a day's events by it.
 */
export const VOTE_LOG_SHARDS = 2;

export const VOTE_HISTORY_LIMIT = 10;

/** Spec §9 Voting: client timings. */
export const VOTE_DEBOUNCE_MS = 500;
export const VOTE_LOCK_RELEASE_MS = 10_000;
export const VOTE_COUNTS_FRESH_MS = 30_000;
export const VOTE_COUNTS_KEPT_MS = 5 * 60_000;
export const VOTE_COUNTS_RETRY_COUNT = 1;
export const VOTE_COUNTS_RETRY_DELAY_MS = 1_000;

/** Spec §9 tracking defaults. */
export const PROBLEMATIC_THRESHOLD_DEFAULT = 50;
export const ACTIVITY_WINDOW_HOURS_DEFAULT = 1;
export const CLEANUP_HOURS_DEFAULT = 24;
/** IP and vote tracking rows older than this are purged by the votes worker's daily cron (privacy page). */
export const TRACKING_RETENTION_DAYS = 30;
/** GET /api/votes/queue/status counts vote-events messages whose state changed within this window. */
export const QUEUE_STATUS_WINDOW_HOURS = 24;

export const VOTE_MESSAGES = {
  failed: "Failed to vote. Please try again.",
  loginToast: "Please log in to vote",
  loginPrompt: "Please log in to vote on articles",
  loginPromptComments: "Please log in to vote on comments",
  addFailed: "Failed to add vote to queue",
  countsFailed: "Failed to get vote counts",
  userVoteFailed: "Failed to get user vote",
  historyFailed: "Failed to load voting history",
  historyHeading: "Showing 10 most recent votes",
  notYourVote: "You can only vote as yourself",
  articleNotFound: "Article not found",
  tooMany: "Too many votes. Please try again later.",
  batchTooLarge: `At most ${MAX_BATCH_IDS} articles per call`,
} as const;

export interface VoteCounts {
  upvotes: number;
  downvotes: number;
}

/** POST /api/votes/vote body (spec §3 'Vote (as sent)'). */
export interface VoteRequest {
  articleId: string;
  userId: string;
  voteType: VoteType;
  voteCount?: 1;
}

/** POST /api/votes/vote and DELETE /api/votes/vote/{articleId}: the new counts and the caller's vote. */
export interface VoteResponse extends VoteCounts {
  success: true;
  articleId: string;
  userVote: UserVoteState;
}

/** POST /api/votes/vote/batch {votes} → one result per vote, in order. */
export type VoteBatchResult =
  | ({ articleId: string; success: true; userVote: UserVoteState } & VoteCounts)
  | { articleId: string; success: false; error: string };
export interface VoteBatchResponse {
  success: true;
  results: VoteBatchResult[];
}

/** GET /api/votes/counts/{articleId} (spec §7: bare upvotes, downvotes). */
export interface CountsResponse extends VoteCounts {
  success: true;
  articleId: string;
}

/**
 * POST /api/votes/counts/batch {articleIds} (from the ArticleVotes objects), and POST
 * /api/votes/counts/recorded {articleIds} (the counts recorded in D1, about a second behind: for a
 * composed page's first HTML).
 */
export type CountsBatchResult =
  | ({ articleId: string; success: true } & VoteCounts)
  | { articleId: string; success: false; error: string };
export interface CountsBatchResponse {
  success: true;
  results: CountsBatchResult[];
}

/** A user's vote as the voting service returns it (spec §3: an object whose type holds the vote, or null). */
export type UserVote = { type: VoteType } | null;

/** GET /api/votes/user/{articleId}/{userId}. */
export interface UserVoteResponse {
  success: true;
  articleId: string;
  vote: UserVote;
}

/** POST /api/votes/user/batch {userId, articleIds}. */
export type UserVoteBatchResult =
  | { articleId: string; success: true; vote: UserVote }
  | { articleId: string; success: false; error: string };
export interface UserVoteBatchResponse {
  success: true;
  results: UserVoteBatchResult[];
}

/** GET /api/votes/user/history → data: the caller's 10 most recent votes, newest first. */
export interface VoteHistoryItem {
  articleId: string;
  /** The article's title, when the article still exists (for the profile's list). */
  title: string | null;
  voteType: VoteType;
  /** ISO 8601. */
  timestamp: string;
}

/** GET /api/votes/queue/status → data (spec §3 'Queue status'), over the last QUEUE_STATUS_WINDOW_HOURS. */
export interface VoteQueueStatus {
  pending: number;
  processing: number;
  completed: number;
  failed: number;
  total: number;
}
export interface VoteQueueStatusResponse {
  success: true;
  data: VoteQueueStatus;
  windowHours: number;
}

/** One tracked vote event (what the tracking endpoints list). */
export interface TrackedVote {
  articleId: string;
  userId: string;
  /** The vote after the change; none = removed. */
  voteType: UserVoteState;
  previousVote: UserVoteState;
  ip: string | null;
  timestamp: string;
}

/** GET /api/votes/tracking/user/{id}?hours=N → data (spec §3 'Vote activity': total_votes). */
export interface UserVoteActivity {
  userId: string;
  hours: number;
  total_votes: number;
  upvotes: number;
  downvotes: number;
  removals: number;
  unique_articles: number;
  unique_ips: number;
  recent: TrackedVote[];
}

/** GET /api/votes/tracking/ip/{ip}?hours=N → data. */
export interface IpVoteActivity {
  ip: string;
  hours: number;
  total_votes: number;
  unique_users: number;
  recent: TrackedVote[];
}

/** GET /api/votes/tracking/problematic?threshold=N&hours=N → data (spec §3: users and count). */
export interface ProblematicUsers {
  threshold: number;
  hours: number;
  users: { userId: string; name: string | null; total_votes: number }[];
  count: number;
}

/** GET /api/votes/tracking/statistics?hours=N → data (spec §3: total_votes, unique_users, upvotes). */
export interface VoteStatistics {
  hours: number;
  total_votes: number;
  unique_users: number;
  upvotes: number;
  downvotes: number;
  removals: number;
  unique_ips: number;
}

/** POST /api/votes/tracking/cleanup {hours} → data. */
export interface TrackingCleanupResult {
  hours: number;
  deleted: number;
}
