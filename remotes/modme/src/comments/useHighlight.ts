// ?highlight={commentId} (spec §2, §9 "Highlight and scroll: highlight about 2 s, retry up to 5 s"):
// once the comment is on the page it is scrolled into view and marked for about 2 s. The lists load
// asynchronously, so the search is retried until it appears or 5 s have passed.
import { useEffect, useState } from "react";

export const HIGHLIGHT_MS = 2_000;
export const HIGHLIGHT_SEARCH_MS = 5_000;
const RETRY_EVERY_MS = 250;

export function useHighlight(commentId: string | null, deps: unknown[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!commentId || done) return;
    const started = Date.now();
    const search = setInterval(() => {
      const element = document.getElementById(`modme-comment-${commentId}`);
      if (element) {
        clearInterval(search);
        element.scrollIntoView?.({ block: "center" });
        setActive(commentId);
        setDone(true);
        // Left to run even if the lists change again: the mark fades either way.
        setTimeout(() => setActive(null), HIGHLIGHT_MS);
      } else if (Date.now() - started > HIGHLIGHT_SEARCH_MS) {
        clearInterval(search);
      }
    }, RETRY_EVERY_MS);
    return () => clearInterval(search);
  }, [commentId, done, ...deps]);

  return active;
}
