// What a reader's report becomes (ADR 018): pending until staff look at it, then dismissed (nothing
// done) or actioned (staff acted on the reported item: a comment rejected, deactivated or deleted; an
// article hidden); content_removed when the reported comment itself was removed before anyone ruled on
// the report (an admin's permanent deletion, its author deleting their account). The reporter sees it
// on their profile under 'My reports', and it outlives the comment.

export const REPORT_STATUSES = ["pending", "dismissed", "actioned", "content_removed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** How each status reads on the profile. */
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  pending: "Pending",
  dismissed: "Dismissed",
  actioned: "Action taken",
  content_removed: "Content removed",
};

/** The newest reports the profile lists. */
export const MY_REPORTS_LIMIT = 50;

/**
 * A reviewed report (dismissed, actioned, content removed) is deleted this many days after it was filed
 * and reviewed (ADR 022 step 22): its reporter heard the outcome in their inbox, and the moderation log
 * keeps what staff did. A pending one stays until it is reviewed.
 */
export const REVIEWED_REPORT_DAYS = 30;

/** GET /api/auth/me/reports: one report the caller filed, and where it stands. */
export interface MyReport {
  id: string;
  kind: "article" | "comment";
  reason: string;
  status: ReportStatus;
  /** ISO 8601: when it was filed. */
  reportedAt: string;
  /** ISO 8601: when its status last changed (the filing time while pending). */
  changedAt: string;
  /** The article reported, or the one the reported comment is on; `path` null once it is hidden. */
  article: { id: string; title: string; path: string | null };
  /** The reported comment's id (for #comment-{id}); null for an article report and once the comment is gone. */
  commentId: string | null;
}

export const MY_REPORTS_MESSAGES = {
  heading: "My reports",
  note: `Showing your ${MY_REPORTS_LIMIT} most recent reports (a reviewed report is kept ${REVIEWED_REPORT_DAYS} days after its review)`,
  empty: "You have not reported anything.",
  loadFailed: "Failed to load your reports",
} as const;
