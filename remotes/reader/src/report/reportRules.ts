// Reporting an article or a comment (spec §5 Report, §8 Reporting).
import { ApiRequestError } from "@unbiased/web-shared";
import {
  MIN_REPORT_REASON_LENGTH,
  OTHER_REPORT_REASON,
  REPORT_REASON_MESSAGE,
} from "@unbiased/worker-shared/contracts/articles";

export const REPORT_NETWORK_FAILURE = "Failed to submit report. Please try again.";

export type ReportCheck = { ok: true; reason: string } | { ok: false; message: string };

/**
 * The reason to send: the chosen option, or for 'Other' the details typed. A missing choice,
 * 'Other' without details, or a reason under 3 characters once trimmed all get the one message.
 */
export function checkReport(choice: string, details: string): ReportCheck {
  const reason = (choice === OTHER_REPORT_REASON ? details : choice).trim();
  return reason.length >= MIN_REPORT_REASON_LENGTH
    ? { ok: true, reason }
    : { ok: false, message: REPORT_REASON_MESSAGE };
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
