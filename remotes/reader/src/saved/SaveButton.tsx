// Save for later on the article page (docs/decisions/025-saved-articles.md): every reader sees it, in
// the first HTML too (the page is the signed-out one); a signed-out reader's tap asks them to log in,
// and a tap before the page is ready is kept and carried out as 'save' (useEarlySaves). Cards show
// the signed-in reader's button alone (CardSaveSlot).
import { handleEarlyTaps, useAuth, useSWRConfig, whenSessionKnown } from "@unbiased/web-shared";
import { useEffect } from "react";
import ActiveSaveButton from "./ActiveSaveButton.tsx";
import { type SaveButtonProps, SaveButtonView } from "./SaveButtonView.tsx";
import { askToSignIn, changeSaved, savedKey } from "./savedApi.ts";

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
