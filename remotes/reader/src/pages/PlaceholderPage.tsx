import { useDocumentTitle } from "@unbiased/web-shared";

/** A route that exists but whose page is still to be written: says so plainly. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="ui-page">
      <h1>{title}</h1>
      <p className="ui-page__note">This page is being built.</p>
    </section>
  );
}
