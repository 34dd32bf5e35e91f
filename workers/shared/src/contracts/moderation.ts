// ModMe shapes, limits and messages shared by the comments worker, the gateway and the ModMe remote
// (spec §3 moderation entities, §5 validation, §7 Moderation, §8 Moderation, §9). Zod-free: the UI
// imports it at run time; the schemas live in moderation.schema.ts.
import type { ReputationTierKey } from "./comments.ts";

/** Spec §5/§9: temporary ban hours 1 to 8760, default 24. */
export const BAN_HOURS_MIN = 1;
export const BAN_HOURS_MAX = 8760;
export const BAN_HOURS_DEFAULT = 24;
export const BAN_TYPES = ["none", "temporary", "permanent"] as const;
export type RejectBanType = (typeof BAN_TYPES)[number];
export type BanType = Exclude<RejectBanType, "none">;

/** Spec §9 page sizes. */
export const REPORTS_PAGE_SIZE = 20;
export const APPROVED_PAGE_SIZE = 20;
/** ModMe's Approved tab lists the approvals of this many last days (ADR 022 step 21). */
export const APPROVED_TAB_DAYS = 7;
/** The oldest approval time still on the Approved tab at `now`. */
export const approvedTabSince = (now: number) => now - APPROVED_TAB_DAYS * 86_400_000;
export const USER_COMMENTS_PAGE_SIZE = 50;
export const USERS_PAGE_SIZE = 10;
/** The user list without a `limit` (the spec's bare call): this many, `pagination.total` says how many match. */
export const USER_LIST_MAX = 5000;
/** E-mail lookup on the reputation page: this many matches are listed. */
export const EMAIL_LOOKUP_MAX = 50;
export const MODERATION_LOG_PAGE_SIZE = 50;
export const PAGE_LIMIT_MAX = 100;
/** Spec §9: comment previews in a user's list and the page-number window. */
export const COMMENT_PREVIEW_LENGTH = 200;
export const PAGE_WINDOW = 5;
/** Spec §9: the queue page refreshes itself every 30 s. */
export const QUEUE_REFRESH_MS = 30_000;
/** "Active Users" on the dashboard: people who signed in or commented within this window. */
export const ACTIVE_USER_WINDOW_MS = 30 * 24 * 3600_000;
/** The window the queue-jobs counts cover (docs/decisions/003-queue-job-tracking.md). */
export const QUEUE_JOBS_WINDOW_MS = 24 * 3600_000;

/** Spec §3 "Comment (moderation view)", plus the report ids so a card can dismiss them. */
export interface ModerationComment {
  id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  content: string;
  article_id: string;
  parent_id: string | null;
  status: string;
  status_reason: string | null;
  created_at: string;
  approved_at: string | null;
  reputation_score: number;
  total_upvotes: number;
  total_downvotes: number;
  approved_comments: number;
  report_count: number;
  report_reasons: string[];
}

/** Spec §3 "Ban". Times are ISO strings; expires_at is null for a permanent ban. */
export interface BanRecord {
  id: string;
  user_id: string;
  user_name: string;
  ban_type: BanType;
  banned_at: string;
  expires_at: string | null;
  reason: string | null;
}

/** Spec §3 "Comment report", plus the author's id for "View Author". */
export interface CommentReportRecord {
  id: string;
  reason: string;
  reported_at: string;
  reporter_id: string;
  reporter_name: string;
  comment_id: string;
  comment_content: string;
  comment_author: string;
  comment_author_id: string;
  article_id: string;
}

/** Article reports (beyond the spec, which stores them but shows them nowhere). */
export interface ArticleReportRecord {
  id: string;
  reason: string;
  reported_at: string;
  reporter_id: string;
  reporter_name: string;
  article_id: string;
  article_title: string;
}

/** Spec §3 "User reputation record", plus the tier label. */
export interface UserReputationRecord {
  userId: string;
  email: string;
  name: string;
  reputationScore: number;
  totalUpvotes: number;
  totalDownvotes: number;
  approvedComments: number;
  tier: string;
}

/** Spec §3 "Staff user list item", plus the tier label. */
export interface StaffUserItem {
  userId: string;
  name: string;
  email: string;
  reputationScore: number;
  tier: string;
  totalComments: number;
  approvedComments: number;
  pendingComments: number;
  /** Percent of the user's comments that are approved; 0 without comments. */
  approvalRate: number;
  last_login: string | null;
  role: string;
}

/** Spec §3 "Comment (in a user's list)". */
export interface UserCommentItem {
  id: string;
  parentId: string | null;
  articleId: string;
  content: string;
  status: string;
  createdAt: string;
  upvotes: number;
  downvotes: number;
  score: number;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** Spec §3 "Queue stats (moderation)", plus the dashboard's Active Users. */
export interface ModerationQueueStats {
  total: number;
  pending: number;
  pendingReports: number;
  negativeReputationUsers: number;
  activeUsers: number;
}

/** Spec §3 "Queue status (voting and comments each)". */
export interface QueueCounts {
  pending: number;
  processing: number;
  completed: number;
  failed: number;
  total: number;
}

export interface ModerationLogEntry {
  id: number;
  actorId: string | null;
  /** '[deleted]' when the actor's account was deleted; null for the system. */
  actorName: string | null;
  action: string;
  targetType: string;
  targetId: string;
  /** A user target whose account was deleted: shown as '[deleted]' instead of the id. */
  targetDeleted: boolean;
  reason: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
}

export interface OutboxItem {
  id: string;
  toEmail: string;
  subject: string;
  body: string;
  template: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** Response data of each ModMe call (spec §7 field names). */
export interface PendingCommentsData {
  /** The oldest pending comments, at most 200 per call. */
  pendingComments: ModerationComment[];
  /** Every pending comment, for the tab's count. */
  total: number;
}
export interface ApprovedCommentsData {
  approvedComments: ModerationComment[];
  pagination: Pagination;
}
export interface BansData {
  bans: BanRecord[];
}

/**
 * A ban carried over from a deleted account (ADR 017): no name, e-mail or id of the account is kept,
 * only keyed digests of the identities it signed in with (`identities` says which kinds).
 */
export interface CarriedBanRecord {
  /** The deleted account's ban: what ModMe lifts. */
  id: string;
  identities: ("google" | "email")[];
  ban_type: BanType;
  reason: string | null;
  banned_at: string;
  expires_at: string | null;
  /** When it is forgotten: the ban's end, or 12 months after the deletion. */
  keep_until: string;
  carried_at: string;
}
export interface CarriedBansData {
  carriedBans: CarriedBanRecord[];
}
export interface ReportsData {
  reports: CommentReportRecord[];
  total: number;
  pagination: Pagination;
}
export interface ArticleReportsData {
  reports: ArticleReportRecord[];
  total: number;
  pagination: Pagination;
}
/**
 * GET /api/comments/admin/users: the spec's `users`, filtered and paged on the server (`q` name or id,
 * `email`, `page`, `limit`); `pagination.total` counts every matching user, whatever the page.
 */
export interface UsersData {
  users: StaffUserItem[];
  pagination: Pagination;
}
/** GET /api/comments/admin/users/summary: how many users there are, and in each reputation tier. */
export interface UsersSummaryData {
  total: number;
  tiers: Record<ReputationTierKey, number>;
}
export interface UserCommentsData {
  user: { userId: string; name: string; email: string; totalComments: number };
  comments: UserCommentItem[];
  pagination: Pagination;
}
export interface QueueStatsData {
  queue: ModerationQueueStats;
}
export interface QueueJobsData {
  queue: QueueCounts;
  windowHours: number;
}
/**
 * POST /api/votes/queue/replay and POST /api/comments/admin/queue/replay: the dead-lettered jobs sent
 * to their queue again (at most 100 a call; call again while `replayed` is 100).
 */
export interface QueueReplayData {
  replayed: number;
  jobIds: string[];
}
export interface ModerationLogData {
  entries: ModerationLogEntry[];
  pagination: Pagination;
  /** Every action seen in the log, for the filter menu. */
  actions: string[];
}
export interface OutboxData {
  items: OutboxItem[];
  /** "local" keeps messages here instead of delivering them (no e-mail API configured). */
  sender: "http" | "local";
}

/**
 * Staff act only on users of a lower role than theirs and never on themselves (ban, unban, reject,
 * deactivate, delete, adjust reputation); the 403 every such refusal carries.
 */
export const STAFF_TARGET_FORBIDDEN = "Staff cannot act on themselves or on staff of the same or a higher role";

/** Every action the moderation log records: each writer names one of these, never a string of its own. */
export const MODERATION_ACTIONS = {
  commentApprove: "comment.approve",
  commentReject: "comment.reject",
  commentDeactivate: "comment.deactivate",
  /** An author deleting their own comment (placeholder kept), or staff removing it. */
  commentDelete: "comment.delete",
  commentDeletePermanent: "comment.delete_permanent",
  /** The automatic checks left a new comment for a moderator (spam signals, a banned author). */
  commentHold: "comment.hold",
  articleHide: "article.hide",
  articleRegenerateSummary: "article.regenerate-summary",
  articleRegenerateLocation: "article.regenerate-location",
  articleRegenerateImage: "article.regenerate-image",
  modmeLogin: "modme.login",
  ban: "user.ban",
  /** A deleted account's active ban was kept as identity digests (ADR 017). */
  banCarried: "user.ban_carry",
  /** A sign-in matched a carried ban: the ban is back on the new account. */
  banRestored: "user.ban_restore",
  /** Staff lifted a carried ban in ModMe before it ran out. */
  carriedBanLift: "carried_ban.lift",
  reputationAdjust: "user.reputation_adjust",
  unban: "user.unban",
  reportDismiss: "comment_report.dismiss",
  articleReportDismiss: "article_report.dismiss",
  emailSent: "email.sent",
  emailFailed: "email.failed",
} as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[keyof typeof MODERATION_ACTIONS];

/** Spec §8 "Moderation" and its success messages, word for word (comment actions' own messages are in comments.ts). */
export const MODERATION_MESSAGES = {
  fetchPendingFailed: "Failed to fetch pending comments",
  fetchApprovedFailed: "Failed to fetch approved comments",
  approveFailed: "Failed to approve comment",
  rejectFailed: "Failed to reject comment",
  loadBansFailed: "Failed to load active bans",
  unbanFailed: "Failed to unban user",
  notBanned: "User not found or not banned",
  loadCarriedBansFailed: "Failed to load bans carried over from deleted accounts",
  carriedBanNotFound: "Carried-over ban not found",
  carriedBanLifted: "Carried-over ban lifted",
  liftCarriedBanFailed: "Failed to lift the carried-over ban",
  authRequired: "Authentication required",
  fetchReportsFailed: "Failed to fetch reports",
  dismissFailed: "Failed to dismiss report",
  fetchReputationStatsFailed: "Failed to fetch reputation statistics",
  fetchUsersFailed: "Failed to fetch users",
  userNotFound: "User not found",
  searchUserFailed: "Failed to search for user",
  noUsersWithEmail: "No users found with that email",
  adjustFailed: "Failed to adjust reputation",
  fetchUserCommentsFailed: "Failed to fetch user comments",
  fetchQueueFailed: "Failed to fetch queue data",
  adjustmentInvalidReputation: "Adjustment must be a valid number",
  adjustmentInvalidUsers: "Please enter a valid adjustment value",
  banHoursRange: `Ban hours must be between ${BAN_HOURS_MIN} and ${BAN_HOURS_MAX}`,
  reportDismissed: "Report dismissed successfully",
  unbanned: "User unbanned successfully",
  reportNotFound: "Report not found",
} as const;

/** 'Reputation adjusted by {n} points' (spec §8). */
export const reputationAdjustedMessage = (n: number) => `Reputation adjusted by ${n} points`;

/** Spec §5: an adjustment must parse as an integer ("-3" yes; "abc", "1.5", "" no). */
export function parseAdjustment(input: string | number): number | null {
  const text = String(input).trim();
  if (!/^[+-]?\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}
