import "./emptyState.css";

/** A calm "nothing here" box: what is (not) shown, and what the reader can do about it. */
export function EmptyState({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      <p className="ui-page__note">{hint}</p>
    </div>
  );
}
