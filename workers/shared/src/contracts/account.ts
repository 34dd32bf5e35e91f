// A reader's own data (ADR 017): the export file's shape, the account deletion request and
// answer, and their messages. Zod-free: the profile page imports it at run time; the request schema is
// in account.schema.ts.

/** GET: the caller's data as a JSON file (bearer; no-store). */
export const ACCOUNT_EXPORT_PATH = "/api/auth/me/export";
/** GET: the caller's active ban, if any (OwnBan). */
export const ACCOUNT_BAN_PATH = "/api/auth/me/ban";
/** DELETE {confirm, comments}: deletes the caller's account. */
export const ACCOUNT_PATH = "/api/auth/me";

/** What the reader types to enable the Delete button, and what the server checks in the body. */
export const DELETE_CONFIRMATION = "DELETE";
/** Deleting needs a sign-in (the session's creation) at most this many minutes old. */
export const RECENT_SIGN_IN_MINUTES = 10;
/** D1 Time Travel keeps the database's history this long: a deleted account is gone from backups after it. */
export const BACKUP_RETENTION_DAYS = 30;

export const COMMENT_CHOICES = ["delete", "keep"] as const;
/** delete: the comments go (a comment others replied to stays as an empty placeholder); keep: they stay under '[deleted]'. */
export type CommentChoice = (typeof COMMENT_CHOICES)[number];

export interface AccountDeletionRequest {
  confirm: typeof DELETE_CONFIRMATION;
  comments: CommentChoice;
}

/** data of a successful DELETE. */
export interface AccountDeletionResult {
  deleted: true;
  comments: CommentChoice;
  /** Article votes taken out of the articles' counts. */
  articleVotesRemoved: number;
  /** Comment votes taken out of the comments' counts and their authors' reputation. */
  commentVotesRemoved: number;
  /** Comments removed (delete) or kept under '[deleted]' (keep). */
  commentsRemoved: number;
  commentsKept: number;
}

/** What the votes worker's eraseUser (RPC, VotesService) answers the gateway. */
export interface VotesErasure {
  /** Articles whose objects were asked (the user had a vote, or recently had one, there). */
  articles: number;
  /** Votes taken out of the counts. */
  votesRemoved: number;
}

/** A comment vote as the comments worker's exportCommentVotes (RPC) gives it: the voter's list (ADR 022). */
export interface ExportedCommentVote {
  commentId: string;
  articleId: string;
  voteType: "upvote" | "downvote";
  /** Epoch ms of the vote's last change. */
  createdAt: number;
}

/**
 * A reputation history entry kept outside D1 (the "votes received" of a day, in the user's
 * ReputationHistory object: ADR 022), as the comments worker's exportReputationHistory (RPC) gives it,
 * in the shape of D1's `reputation_changes` rows.
 */
export interface ExportedReputationEntry {
  id: string;
  delta: number;
  reason: string;
  actorId: null;
  /** Epoch ms of the day's first change. */
  createdAt: number;
}

/** What the comments worker's eraseUser (RPC, CommentsService) answers the gateway. */
export interface CommentsErasure {
  commentVotesRemoved: number;
  commentsRemoved: number;
  commentsKept: number;
}

/**
 * The one row that kept comments (and the placeholders of removed comments that others replied to)
 * belong to after their author's account is gone: no e-mail anyone can receive, no picture, no
 * session, no reputation. Created the first time it is needed. Display only; it grants nothing.
 */
export const DELETED_USER = {
  id: "deleted-user",
  name: "[deleted]",
  email: "deleted-user@unbiased247.invalid",
} as const;
/** What a removed comment that others replied to keeps as its text (comments need 3 characters or more). */
export const DELETED_COMMENT_TEXT = "[deleted]";

export const ACCOUNT_MESSAGES = {
  confirmRequired: `Type ${DELETE_CONFIRMATION} to confirm`,
  commentChoiceRequired: "Choose whether to delete or keep your comments",
  signInAgain: `Please sign in again to delete your account: it needs a sign-in from the last ${RECENT_SIGN_IN_MINUTES} minutes.`,
  deleted: "Your account has been deleted",
  deleteFailed: "Failed to delete your account",
  exportFailed: "Failed to download your data",
  exportReady: "Your data has been downloaded",
  /** A banned account cannot be deleted while the key its ban would be kept under is not configured. */
  banKeyMissing: "Your account cannot be deleted right now. Please try again later.",
} as const;

/** How long, at most, a deleted account's ban is kept (ADR 017): the ban's end, or this, whichever is first. */
export const CARRIED_BAN_MAX_DAYS = 365;
/** The same, as the delete dialog and the privacy page say it. */
export const CARRIED_BAN_MAX_WORDS = "12 months";

/** CommentsService.carryOverBans: kept (or nothing to keep), or refused with the message to answer. */
export type BanCarryOver = { kept: true } | { kept: false; reason: string };

/** GET /api/auth/me/ban: the caller's active ban, which a deletion would keep (the delete dialog says so). */
export interface OwnBan {
  banned: boolean;
  banType: "temporary" | "permanent" | null;
  /** ISO 8601; null for a permanent ban or none. */
  expiresAt: string | null;
}

/** The export file: `format` and `version` say how to read it; every time is an ISO 8601 string. */
export const ACCOUNT_EXPORT_FORMAT = "unbiased247.account-export";
/**
 * 2 added `savedArticles`, 3 `inbox` and `digest`; a reader of an older version's files finds every other field
 * where it was.
 */
export const ACCOUNT_EXPORT_VERSION = 3;

/** A stored row as exported: its columns (camelCase), times as ISO strings, the caller's own id left out. */
export type ExportedRow = Record<string, string | number | boolean | null>;

export interface AccountExport {
  format: typeof ACCOUNT_EXPORT_FORMAT;
  version: typeof ACCOUNT_EXPORT_VERSION;
  exportedAt: string;
  /** The users row (id, googleSub, email, name, picture, role, createdAt, lastLoginAt). */
  profile: ExportedRow;
  /** user_reputation, and every change to it (reputation_changes). */
  reputation: { current: ExportedRow | null; changes: ExportedRow[] };
  bans: ExportedRow[];
  /** sessions without their secrets: no refresh-token hash, no rotated hashes. */
  sessions: ExportedRow[];
  /** user_article_votes (each current vote) and vote_events (each change, with the IP it came from). */
  articleVotes: { current: ExportedRow[]; events: ExportedRow[] };
  comments: ExportedRow[];
  commentVotes: ExportedRow[];
  reports: { articles: ExportedRow[]; comments: ExportedRow[] };
  submissions: ExportedRow[];
  /** The articles the reader saved for later (articleId, savedAt), oldest first. */
  savedArticles: ExportedRow[];
  /** The reader's inbox entries (what happened to what they wrote, and whether they read it), oldest first. */
  inbox: ExportedRow[];
  /** The daily e-mail digest: the subscription (createdAt, lastSentAt), or null when not asked for. */
  digest: ExportedRow | null;
}
