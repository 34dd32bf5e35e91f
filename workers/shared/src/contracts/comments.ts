// Comment shapes, limits, reputation tiers and every comment message of the spec (§3, §4, §5, §8, §9),
// shared by the comments worker and the UI. Zod-free: the UI imports it at run time; the schemas that
// validate requests are in comments.schema.ts (workers only).

/** Lifecycle of a comment (docs/decisions/011-comment-moderation.md). A deactivated comment is `pending` again. */
export const COMMENT_STATUSES = ["pending", "approved", "rejected", "deleted"] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const COMMENT_VOTE_TYPES = ["upvote", "downvote"] as const;
export type CommentVoteType = (typeof COMMENT_VOTE_TYPES)[number];

/** Spec §5/§9: trimmed content is 3 to 8000 characters. */
export const COMMENT_MIN_LENGTH = 3;
export const COMMENT_MAX_LENGTH = 8000;
/** Spec §9: a comment whose score (upvotes − downvotes) is below this is dimmed. */
export const COMMENT_DIM_BELOW_SCORE = -3;
/** Spec §2/§9: replies are indented 16 px per depth; past this depth the indent stops growing (phones). */
export const COMMENT_INDENT_PX = 16;
export const COMMENT_MAX_VISUAL_DEPTH = 6;
/** Spec §9: more comments than this also show the post-comment button under the list. */
export const COMMENT_BOTTOM_BUTTON_AFTER = 10;
export { COMMENT_COUNTS_BATCH_MAX } from "./comment-counts.ts";

/** Reputation points (spec §4/§9; ADR 011). */
export const REPUTATION_APPROVED_COMMENT = 1;
export const REPUTATION_DEACTIVATION_PENALTY = -2;
export const REPUTATION_UPVOTE_RECEIVED = 1;
export const REPUTATION_DOWNVOTE_RECEIVED = -1;
/** Spec §6/§9: the 'Verified' badge. */
export const VERIFIED_REPUTATION = 10;
/**
 * Default lowest reputation whose comments the comment-events consumer approves without a moderator
 * (Established and Trusted). The comments worker can override it with COMMENT_AUTO_APPROVE_MIN_REPUTATION.
 */
export const DEFAULT_AUTO_APPROVE_MIN_REPUTATION = 5;

export type ReputationTierKey = "trusted" | "established" | "new" | "restricted";
export interface ReputationTier {
  key: ReputationTierKey;
  label: string;
  /** Lowest score of the tier (restricted: below 0). */
  min: number;
  /** Spec §9 score colour. */
  color: "green" | "blue" | "yellow" | "red";
}

const RESTRICTED_TIER: ReputationTier = {
  key: "restricted",
  label: "Restricted User",
  min: Number.NEGATIVE_INFINITY,
  color: "red",
};

/** Spec §4/§9 tiers, highest first: 10+ Trusted, 5–9 Established, 0–4 New, below 0 Restricted. */
export const REPUTATION_TIERS: readonly ReputationTier[] = [
  { key: "trusted", label: "Trusted User", min: 10, color: "green" },
  { key: "established", label: "Established User", min: 5, color: "blue" },
  { key: "new", label: "New User", min: 0, color: "yellow" },
  RESTRICTED_TIER,
];

export function reputationTier(score: number): ReputationTier {
  return REPUTATION_TIERS.find((tier) => score >= tier.min) ?? RESTRICTED_TIER;
}

export const isVerified = (score: number) => score >= VERIFIED_REPUTATION;

/** Spec §3 "Comment (public)", plus what the reader needs to act on it. */
export interface PublicComment {
  id: string;
  userId: string;
  userName: string;
  /** Plain text, never HTML. Empty on a placeholder. */
  content: string;
  /** ISO 8601. */
  timestamp: string;
  upvotes: number;
  downvotes: number;
  userReputation: number;
  replies: PublicComment[];
  /** Only on the caller's own comments: 'pending' until approved (spec §4 status display). */
  status?: CommentStatus;
  /** Only for a signed-in caller: their vote on this comment. */
  userVote?: CommentVoteType | null;
  /**
   * A removed comment (deleted, rejected or back in the queue) that still has visible replies: kept as
   * a placeholder so the replies stay readable; userId, userName and content are empty.
   */
  removed?: true;
}

/** GET /api/comments/article/{articleId} → data */
export interface CommentThread {
  comments: PublicComment[];
  /** Visible (approved) comments in the thread. */
  total: number;
}

/** GET /api/comments/article/{id}/count → data (spec §3 Comment counts). */
export interface CommentCount {
  articleId: string;
  commentCount: number;
}

/** POST /api/comments/article/counts/batch → data */
export interface CommentCountsBatch {
  results: CommentCount[];
  total: number;
}

/** POST /api/comments/article/{articleId} and /api/comments/{id}/reply → data */
export interface PostedComment {
  message: string;
  comment: PublicComment;
}

/** POST|DELETE /api/comments/{id}/vote → data */
export interface CommentVoteResult {
  commentId: string;
  upvotes: number;
  downvotes: number;
  userVote: CommentVoteType | null;
}

/**
 * GET /api/comments/votes/history → data: the caller's most recent comment votes, newest first (merged
 * with the article votes in the profile's Voting History; each row opens the article at #comment-{id}).
 */
export interface CommentVoteHistoryItem {
  commentId: string;
  articleId: string;
  /** The article's title, when the article still exists. */
  title: string | null;
  voteType: CommentVoteType;
  /** ISO 8601. */
  timestamp: string;
}
export const COMMENT_VOTE_HISTORY_LIMIT = 10;

/** PUT /api/comments/{id}/deactivate: which article-page action called it (message and default reason). */
export const DEACTIVATE_ACTIONS = ["hide", "queue"] as const;
export type DeactivateAction = (typeof DEACTIVATE_ACTIONS)[number];

/** User-facing messages, word for word from the spec where it has them. */
export const COMMENT_MESSAGES = {
  // §5 validation
  commentTooShort: "Comment must be at least 3 characters long",
  replyTooShort: "Reply must be at least 3 characters long",
  commentTooLong: "Comment must be less than 8000 characters",
  replyTooLong: "Reply must be less than 8000 characters",
  loginToVote: "Please log in to vote on comments",
  // §5 defaults of the moderator actions
  hiddenByModerator: "Hidden by moderator",
  sentToQueueByAdmin: "Sent to moderation queue by admin",
  // §8 failures
  failedToPost: "Failed to post comment",
  failedToVote: "Failed to vote",
  failedToReport: "Failed to report comment",
  failedToDelete: "Failed to delete comment",
  failedToReply: "Failed to post reply",
  failedToHide: "Failed to hide comment",
  failedToQueue: "Failed to send comment to queue",
  failedToLoad: "Failed to load comments",
  failedToDeactivate: "Failed to deactivate comment",
  // §8 permissions
  loginToDelete: "Please log in to delete comments",
  noPermissionToHide: "You do not have permission to hide comments",
  noPermissionToQueue: "You do not have permission to send comments to queue",
  onlyAdminsPermanentDelete: "Only administrators can permanently delete comments",
  // §8 success
  linkCopied: "Comment link copied to clipboard!",
  deleted: "Comment deleted successfully",
  deletedPermanently: "Comment deleted permanently",
  hidden: "Comment hidden and sent to moderation queue",
  sentToQueue: "Comment sent to moderation queue",
  approved: "Comment approved successfully",
  rejected: "Comment rejected successfully",
  deactivated: "Comment deactivated successfully",
  // Not in the spec: our own wording.
  posted: "Comment posted",
  postedPending: "Comment submitted. It will appear for others once it is approved.",
  replyPosted: "Reply posted",
  replyPending: "Reply submitted. It will appear for others once it is approved.",
  reported: "Comment reported. Thank you for helping keep our community safe.",
  alreadyReported: "You have already reported this comment",
  notFound: "Comment not found",
  articleNotFound: "Article not found",
  ownComment: "You cannot vote on your own comment",
  notYourComment: "You can only delete your own comments",
  notApproved: "Only approved comments can be deactivated",
  notPending: "Only pending comments can be approved or rejected",
  alreadyDeleted: "Comment is already deleted",
  cannotReply: "You can only reply to a visible comment",
  deletedPlaceholder: "This comment was removed.",
  pendingBadge: "Pending",
  verifiedBadge: "Verified",
  deleteConfirm: "Delete this comment?",
  permanentDeleteConfirm: "Permanently delete this comment with its votes and reports? This cannot be undone.",
  tooManyComments: "You are posting comments too fast. Please wait a moment and try again.",
  tooManyReplies: "You are replying too fast. Please wait a moment and try again.",
  tooManyVotes: "You are voting on comments too fast. Please wait a moment and try again.",
  tooManyReports: "You are reporting comments too fast. Please wait a moment and try again.",
} as const;

/** Reasons the system writes on a comment when it holds it or moves it (shown in ModMe). */
export const COMMENT_STATUS_REASONS = {
  awaitingReview: "Awaiting review: author reputation below the auto-approval threshold",
  heldBannedAuthor: "Held: the author is banned",
  heldManyLinks: "Held: too many links",
  heldDuplicate: "Held: identical comment posted again within minutes",
  negativeReputation: "Moved to the moderation queue: author reputation below 0",
} as const;

/** Reasons written on reputation_changes rows (every change is an event with a reason). */
export const REPUTATION_REASONS = {
  commentApproved: "comment approved",
  votesReceived: "votes received",
  deactivated: "comment deactivated",
  manual: "manual adjustment",
} as const;

/**
 * A comment's text as its article's thread object keeps it (docs/decisions/022, step 19): D1's row
 * then holds a digest in its place, and whoever shows the text asks the thread (the comments worker's
 * `commentTexts` call, for the gateway).
 */
export interface CommentText {
  commentId: string;
  body: string;
}
