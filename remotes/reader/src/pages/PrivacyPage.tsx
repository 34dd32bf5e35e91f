import { CONTACT_EMAIL, Link, PRODUCT_NAME, useDocumentTitle } from "@unbiased/web-shared";
import {
  BACKUP_RETENTION_DAYS,
  CARRIED_BAN_MAX_WORDS,
  DELETE_CONFIRMATION,
  DELETED_USER,
  RECENT_SIGN_IN_MINUTES,
} from "@unbiased/worker-shared/contracts/account";
import {
  ENDED_SESSION_RETENTION_DAYS,
  SESSION_IDLE_DAYS,
  SESSION_TTL_DAYS,
} from "@unbiased/worker-shared/contracts/auth";
import { REVIEWED_REPORT_DAYS } from "@unbiased/worker-shared/contracts/reports";
import { TRACKING_RETENTION_DAYS } from "@unbiased/worker-shared/contracts/votes";

/**
 * Spec §9 "Static pages": what is collected, how long logs are kept, who may use it; and what a reader
 * can download or delete themselves, when, and how long backups keep it (ADR 017).
 */
export function PrivacyPage() {
  useDocumentTitle("Privacy Policy");
  return (
    <article className="static-page">
      <h1>Privacy Policy</h1>
      <p>
        {PRODUCT_NAME} summarises the news. This page explains what we collect when you use it and what we do with it.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          Your e-mail address, name and profile information (such as your picture) from the account you sign in with.
        </li>
        <li>The comments you post and the votes you cast.</li>
        <li>Your IP address and information about your device, which arrive with every request.</li>
      </ul>

      <h2>What we do with it</h2>
      <p>
        We use it to run the service: to show your profile and voting history, to publish your comments, to keep the
        community safe from abuse, and to keep the service working. We do not sell your personal data.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Log data is kept for up to 12 months. Records of individual votes together with the IP address they came from,
        kept to detect vote manipulation, are deleted after {TRACKING_RETENTION_DAYS} days. The record of a sign-in
        session is deleted {ENDED_SESSION_RETENTION_DAYS} days after the session ends (when you log out, or after{" "}
        {SESSION_TTL_DAYS} days, or after {SESSION_IDLE_DAYS} days without use). A report you file is deleted{" "}
        {REVIEWED_REPORT_DAYS} days after it was settled: dismissed or acted on by a moderator (you hear which in your
        inbox), or its comment removed; until then it is kept.
      </p>

      <h2>Your data</h2>
      <p>
        On your <Link to="/profile">profile</Link>, <strong>Download my data</strong> gives you a JSON file of
        everything we store about you, as we store it: your profile (name, e-mail address, picture, role, when you
        signed up and last signed in), your reputation and its changes, any bans, your sign-in sessions (without their
        secret tokens), your article votes and the record of each change to them (with the IP address it came from, for{" "}
        {TRACKING_RETENTION_DAYS} days), your comments, your votes on comments, the articles and comments you reported,
        and the links you submitted. It holds nothing about anyone else.
      </p>
      <p>
        <strong>Delete my account</strong> deletes your account at once. It needs a sign-in from the last{" "}
        {RECENT_SIGN_IN_MINUTES} minutes and {DELETE_CONFIRMATION} typed to confirm. It signs you out everywhere; takes
        your votes out of every article's and comment's count and out of the comment authors' reputation; and deletes
        your reports, your submissions, your reputation, the e-mail notices to you, your sessions and your account. You
        choose what happens to your comments: deleted (a comment someone replied to stays as “This comment was
        removed.”, so the reply still reads), or kept under '{DELETED_USER.name}' with no name or picture.
      </p>
      <p>
        <strong>A ban outlives the account.</strong> If your account is banned when you delete it, we keep the ban, to
        prevent abuse (deleting an account and signing in again must not undo a ban): a keyed fingerprint of each
        identity you signed in with — your Google account's identifier, if you used Google, and your e-mail address —
        from which neither can be read back, with the ban's kind, end and reason. Nothing else of the account is kept
        with it. It is deleted when the ban ends, and after {CARRIED_BAN_MAX_WORDS} at the latest; until then, signing
        in with the same identity brings the ban back. Moderators can lift it sooner. Reports you filed are deleted with
        your account; a report by someone else on a comment of yours that is removed stays for their record, marked
        'Content removed', for {REVIEWED_REPORT_DAYS} days.
      </p>
      <p>
        The moderation log, a record of moderators' actions that is never changed, refers to accounts by an internal
        number only; after a deletion it shows that number as '{DELETED_USER.name}'. Our database backups (a
        point-in-time history kept to recover from failures) still hold deleted data for {BACKUP_RETENTION_DAYS} days,
        after which it is gone from them too.
      </p>

      <h2>Children</h2>
      <p>The service is not meant for children under 13.</p>

      <h2>Questions</h2>
      <p>
        Write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> about your privacy. We answer privacy enquiries
        within 30 days.
      </p>
    </article>
  );
}
