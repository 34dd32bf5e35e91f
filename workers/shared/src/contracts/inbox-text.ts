// What an inbox entry says (docs/decisions/026-inbox.md), on /inbox and in the daily digest: one line
// of what happened, and below it the reason a moderator gave, why a submission failed, or the start
// of a reply. Never who moderated.
import type { InboxEntry } from "./inbox.ts";

export interface EntryText {
  headline: string;
  /** A reason or the start of a reply; null when the entry has none. */
  detail: string | null;
}

export function inboxEntryText(entry: InboxEntry): EntryText {
  const on = `your comment on “${entry.subject}”`;
  const reason = entry.reason ? `Reason: ${entry.reason}` : "No reason was given.";
  switch (entry.type) {
    case "reply":
      return entry.actorName
        ? { headline: `${entry.actorName} replied to ${on}`, detail: entry.excerpt }
        : { headline: `A reply to ${on} is no longer shown`, detail: null };
    case "comment-approved":
      return { headline: `A moderator approved ${on}`, detail: null };
    case "comment-rejected":
      return { headline: `A moderator rejected ${on}`, detail: reason };
    case "comment-deactivated":
      return { headline: `A moderator moved ${on} back to the moderation queue`, detail: reason };
    case "submission-added":
      return { headline: `The link you submitted is now an article: “${entry.subject}”`, detail: null };
    case "submission-duplicate":
      return { headline: `The link you submitted was already here: “${entry.subject}”`, detail: null };
    case "report-actioned":
      return {
        headline: `Your report on “${entry.subject}” was reviewed: action was taken`,
        detail: entry.reason ? `You reported: ${entry.reason}` : null,
      };
    case "report-dismissed":
      return {
        headline: `Your report on “${entry.subject}” was reviewed: no action was needed`,
        detail: entry.reason ? `You reported: ${entry.reason}` : null,
      };
    case "reputation":
      return { headline: `A moderator changed your reputation by ${entry.subject} points`, detail: reason };
    case "submission-failed":
      return {
        headline: `The link you submitted could not be added: ${entry.subject}`,
        detail: entry.reason ? `Why: ${entry.reason}` : null,
      };
  }
}
