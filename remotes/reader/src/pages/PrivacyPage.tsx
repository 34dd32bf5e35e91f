import { CONTACT_EMAIL, PRODUCT_NAME, useDocumentTitle } from "@unbiased/web-shared";
import {
  ENDED_SESSION_RETENTION_DAYS,
  SESSION_IDLE_DAYS,
  SESSION_TTL_DAYS,
} from "@unbiased/worker-shared/contracts/auth";
import { TRACKING_RETENTION_DAYS } from "@unbiased/worker-shared/contracts/votes";

/** Spec §9 "Static pages": what is collected, how long logs are kept, who may use it. */
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
        {SESSION_TTL_DAYS} days, or after {SESSION_IDLE_DAYS} days without use).
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
