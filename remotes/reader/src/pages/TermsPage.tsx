import { CONTACT_EMAIL, PRODUCT_NAME, useDocumentTitle } from "@unbiased/web-shared";

/** Spec §9 "Static pages": the conditions of use, kept short and plain. */
export function TermsPage() {
  useDocumentTitle("Terms of Service");
  return (
    <article className="static-page">
      <h1>Terms of Service</h1>
      <p>By using {PRODUCT_NAME} you agree to these terms.</p>

      <h2>The service</h2>
      <p>
        {PRODUCT_NAME} is in beta. It shows generated summaries of articles published by other outlets; the original
        article is always linked and remains the authoritative source. Images come from the original articles and a
        stock-photo service.
      </p>

      <h2>Your account and contributions</h2>
      <ul>
        <li>You must be at least 13 years old to use the service.</li>
        <li>You are responsible for the comments you post and the URLs you submit.</li>
        <li>Moderators may hide comments and restrict accounts that break the community rules.</li>
      </ul>

      <h2>Your data</h2>
      <p>
        The Privacy Policy describes what we collect. We do not sell your personal data, and log data is kept for up to
        12 months.
      </p>

      <h2>Contact</h2>
      <p>
        Legal enquiries go to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>; we answer within 30 days.
      </p>
    </article>
  );
}
