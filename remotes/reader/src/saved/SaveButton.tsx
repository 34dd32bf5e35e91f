// Save for later on the article page (docs/decisions/025-saved-articles.md): every reader sees it, in
// the first HTML too (the page is the signed-out one); a signed-out reader's tap asks them to log in,
// and a tap before the page is ready is kept and carried out as 'save' (useEarlySaves). Cards show
// the signed-in reader's button alone (CardSaveSlot).
import "./saved.css";
import { earlyAction, handleEarlyTaps, useAuth, useSWRConfig, whenSessionKnown } from "@unbiased/web-shared";
import Bookmark from "lucide-react/icons/bookmark";
import { useEffect } from "react";
import ActiveSaveButton from "./ActiveSaveButton.tsx";
import { askToSignIn, changeSaved } from "./savedApi.ts";
import { savedKey } from "./savedCache.ts";

export interface SaveButtonProps {
  articleId: string;
  title: string;
  /** The article page's button, with its word (and kept when tapped early); a card's is the icon alone. */
  labelled?: boolean;
}

export function SaveButton(props: SaveButtonProps) {
  const { user } = useAuth();
  useEarlySaves();
  return user ? (
    <ActiveSaveButton {...props} userId={user.id} />
  ) : (
    <SaveButtonView {...props} saved={false} onClick={askToSignIn} />
  );
}

/**
 * Save taps made before the page was ready (docs/decisions/019-early-input.md). The first HTML showed
 * nothing saved, so once the session is known the tap means 'save', one request, never a toggle of a
 * state the reader could not see. A signed-out reader gets the button's own answer (the held tap
 * clicks it).
 */
function useEarlySaves() {
  const { mutate } = useSWRConfig();
  useEffect(
    () =>
      handleEarlyTaps("save", async ({ key: articleId }) => {
        const user = await whenSessionKnown();
        if (!user) return "click";
        await changeSaved(articleId, true, (saved) =>
          mutate(savedKey(articleId, user.id), saved, { revalidate: false }),
        );
      }),
    [mutate],
  );
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
      <Bookmark aria-hidden="true" size={labelled ? 16 : 14} />
      {labelled && <span>{saved ? "Saved" : "Save"}</span>}
    </button>
  );
}
