// The end of a signed-in reader's list that pages by cursor (/saved, /inbox): Load More while the
// server has more, the list's own failure message when the next page failed (with a retry), and an
// optional closing line once everything is shown. One element for both lists, so they page alike.
import { ErrorPanel } from "@unbiased/web-shared";

/** Where such a list is: its first page loading, shown, a next page loading, or a load that failed. */
export type CursorListStatus = "loading" | "ready" | "loading-more" | "failed";

interface CursorListEndProps {
  status: CursorListStatus;
  /** The cursor of the next page; null when the server has no more. */
  next: string | null;
  /** What a failed load says (the spec's wording for the list). */
  failedMessage: string;
  /** Loads the page after `next` (Load More, or the retry of a failed load). */
  onLoad(next: string | null): void;
  /** Shown under a list that is complete. */
  doneNote?: string;
}

export function CursorListEnd({ status, next, failedMessage, onLoad, doneNote }: CursorListEndProps) {
  return (
    <div className="feed-end">
      {status === "failed" && <ErrorPanel message={failedMessage} onRetry={() => onLoad(next)} />}
      {next !== null && status !== "failed" && (
        <button
          type="button"
          className="ui-button ui-button--secondary"
          aria-busy={status === "loading-more"}
          disabled={status === "loading-more"}
          onClick={() => onLoad(next)}
        >
          {status === "loading-more" ? "Loading…" : "Load More"}
        </button>
      )}
      {next === null && doneNote && <p className="ui-page__note">{doneNote}</p>}
    </div>
  );
}
