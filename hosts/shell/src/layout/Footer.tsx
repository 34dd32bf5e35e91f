import { CONTACT_EMAIL, Link, PRODUCT_NAME, SERVICE_NOTICE } from "@unbiased/web-shared";

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__brand">{PRODUCT_NAME}</p>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
            {/* Public: what staff removed and why (ADR 018). */}
            <li>
              <Link to="/moderation">Moderation log</Link>
            </li>
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`}>Contact</a>
            </li>
          </ul>
        </nav>
        {SERVICE_NOTICE && (
          <p className="site-footer__note" role="note">
            {SERVICE_NOTICE}
          </p>
        )}
        <p className="site-footer__note">Images come from the original articles and a stock-photo service.</p>
        <p className="site-footer__note">
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  );
}
