import ArrowLeft from "lucide-react/icons/arrow-left";
import { useDocumentTitle, Link } from "@unbiased/web-shared";

/** A moderation route whose tool is still to be written: says so and leads back. */
export function ModmePlaceholder({ title }: { title: string }) {
  useDocumentTitle(`${title} · ModMe`);
  return (
    <section className="ui-page">
      <p>
        <Link to="/modme" className="modme-back">
          <ArrowLeft aria-hidden="true" size={16} /> ModMe dashboard
        </Link>
      </p>
      <h1>{title}</h1>
      <p className="ui-page__note">This page is being built.</p>
    </section>
  );
}
