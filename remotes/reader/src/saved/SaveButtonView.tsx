// How a Save button looks, wherever it is (docs/decisions/025-saved-articles.md): pressed when saved,
// in the accent colour; the article page's with its word, a card's the icon alone.
import { earlyAction } from "@unbiased/web-shared";
import Bookmark from "lucide-react/icons/bookmark";

export interface SaveButtonProps {
  articleId: string;
  title: string;
  /** The article page's button, with its word (and kept when tapped early); a card's is the icon alone. */
  labelled?: boolean;
}

export function SaveButtonView({
  articleId,
  title,
  labelled,
  saved,
  busy,
  onClick,
}: SaveButtonProps & { saved: boolean; busy?: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      className={labelled ? "save-button ui-button ui-button--secondary" : "save-button save-button--icon"}
      aria-pressed={saved}
      aria-label={labelled ? undefined : `Save for later: ${title}`}
      aria-busy={busy || undefined}
      onClick={onClick}
      {...(labelled ? earlyAction("save", articleId) : {})}
    >
      {/* Drawn in place, not from the cards' sprite: the first HTML of a feed has no Save button. */}
      <Bookmark aria-hidden="true" size={labelled ? 16 : 14} fill={saved ? "currentColor" : "none"} />
      {labelled && <span>{saved ? "Saved" : "Save"}</span>}
    </button>
  );
}
