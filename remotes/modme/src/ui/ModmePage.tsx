// The frame of every ModMe tool: breadcrumb back to the dashboard, the title and the page's actions.

import { Link, useDocumentTitle } from "@unbiased/web-shared";
import ArrowLeft from "lucide-react/icons/arrow-left";
import type { ReactNode } from "react";

export function ModmePage({
  title,
  actions,
  children,
  note,
}: {
  title: string;
  actions?: ReactNode;
  note?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} · ModMe`);
  return (
    <section className="modme-page" aria-labelledby="modme-page-title">
      <nav aria-label="Breadcrumb" className="modme-breadcrumb">
        <Link to="/modme" className="modme-back">
          <ArrowLeft aria-hidden="true" size={16} /> ModMe dashboard
        </Link>
      </nav>
      <header className="modme-page__header">
        <div>
          <h1 id="modme-page-title">{title}</h1>
          {note && <p className="ui-page__note">{note}</p>}
        </div>
        {actions && <div className="modme-page__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** Labelled numbers at the top of a page. */
export function StatTiles({ tiles }: { tiles: ReadonlyArray<readonly [label: string, value: ReactNode]> }) {
  return (
    <dl className="modme-stats">
      {tiles.map(([label, value]) => (
        <div key={label} className="modme-stats__tile">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function EmptyState({ title, detail }: { title: string; detail?: string }) {
  return (
    <div className="modme-empty">
      <p className="modme-empty__title">{title}</p>
      {detail && <p className="ui-page__note">{detail}</p>}
    </div>
  );
}

export function Loading({ label = "Loading..." }: { label?: string }) {
  return (
    <p className="modme-loading" role="status">
      {label}
    </p>
  );
}
