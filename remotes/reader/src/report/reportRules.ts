// Reporting an article or a comment (spec §5 Report, §8 Reporting).
import { ApiRequestError } from "@unbiased/web-shared";

export const REPORT_REASONS = [
  "Spam or misleading content",
  "Harassment or hate speech",
  "Violence or threats",
  "False information",
  "Inaccurate Information",
  "Inappropriate content",
  "Copyright violation",
  "Other",
] as const;

export const OTHER_REASON = "Other";
export const MIN_REASON_LENGTH = 3;

/** Word for word the server's message (contracts' REPORT_REASON_MESSAGE; reportRules.test.ts checks). */
export const REPORT_REASON_MESSAGE = "Please provide a reason for reporting (minimum 3 characters)";
export const REPORT_NETWORK_FAILURE = "Failed to submit report. Please try again.";

export type ReportCheck = { ok: true; reason: string } | { ok: false; message: string };

/**
 * The reason to send: the chosen option, or for 'Other' the details typed. A missing choice,
 * 'Other' without details, or a reason under 3 characters once trimmed all get the one message.
 */
export function checkReport(choice: string, details: string): ReportCheck {
  const reason = (choice === OTHER_REASON ? details : choice).trim();
  return reason.length >= MIN_REASON_LENGTH ? { ok: true, reason } : { ok: false, message: REPORT_REASON_MESSAGE };
}

/**
 * The alert after a failed report: what the server said was wrong (409 'You have already reported
 * this article', 400 …), the generic `fallback` when the server itself failed, and 'Failed to
 * submit report. Please try again.' when it could not be reached at all.
 */
export function reportFailureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiRequestError)) return fallback;
  if (error.status === 0) return REPORT_NETWORK_FAILURE;
  return error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;
}
