/** An indeterminate progress indicator that screen readers announce by its label. */
export function Spinner({ label = "Loading…" }: { label?: string }) {
  return (
    <span className="ui-spinner" role="status">
      <span className="ui-spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
