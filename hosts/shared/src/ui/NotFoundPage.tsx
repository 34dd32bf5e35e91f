import { Link } from "../router.tsx";
import { useDocumentTitle } from "../useDocumentTitle.ts";

/** Shown for any address no app owns. */
export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <section className="ui-page">
      <h1>Page not found</h1>
      <p className="ui-page__note">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/">Back to the latest news</Link>
      </p>
    </section>
  );
}
