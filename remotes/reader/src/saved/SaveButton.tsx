// Save for later on the article page (docs/decisions/025-saved-articles.md): every reader sees it, in
// the first HTML too (the page is the signed-out one); a signed-out reader's tap asks them to log in,
// and a tap before the page is ready is kept and carried out as 'save' (useEarlySaves). Cards show
// the signed-in reader's button alone (CardSaveSlot).
import { handleEarlyTaps, toast, useAuth, useSWRConfig, whenSessionKnown } from "@unbiased/web-shared";
import { SAVED_MESSAGES } from "@unbiased/worker-shared/contracts/saved";
import { lazy, Suspense, useEffect } from "react";
import { type SaveButtonProps, SaveButtonView } from "./SaveButtonView.tsx";

/** The signed-in reader's button when its code could not be loaded: a tap says so. */
const Unavailable = (props: SaveButtonProps) => (
  <SaveButtonView {...props} saved={false} onClick={() => void toast.error(SAVED_MESSAGES.saveFailed)} />
);

// The signed-in reader's button and the calls load once the reader is known, not before the page
// answers: the article page's first chunks carry the button's look alone.
const OnDemandSaveButton = lazy(() => import("./OnDemandSaveButton.tsx").catch(() => ({ default: Unavailable })));
const askToSignIn = () => void toast.error(SAVED_MESSAGES.loginToast);

export function SaveButton(props: SaveButtonProps) {
  const { user } = useAuth();
  useEarlySaves();
  if (!user) return <SaveButtonView {...props} saved={false} onClick={askToSignIn} />;
  return (
    // While it loads, the button shows as busy (a moment after the page is ready).
    <Suspense fallback={<SaveButtonView {...props} saved={false} busy onClick={() => {}} />}>
      <OnDemandSaveButton {...props} userId={user.id} />
    </Suspense>
  );
}

/** The page's mounted Save buttons: the early-tap handler is registered while there is one. */
let mounted = 0;
let unregister: (() => void) | null = null;

/**
 * Save taps made before the page was ready (docs/decisions/019-early-input.md). The first HTML showed
 * nothing saved, so once the session is known the tap means 'save', one request, never a toggle of a
 * state the reader could not see. A signed-out reader gets the button's own answer (the held tap
 * clicks it). One handler serves every button of the page (the early-input script keeps one per
 * action), registered with the first and removed with the last.
 */
function useEarlySaves() {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (mounted++ === 0)
      unregister = handleEarlyTaps("save", async ({ key: articleId }) => {
        const user = await whenSessionKnown();
        if (!user) return "click";
        const { saveFromEarlyTap } = await import("./OnDemandSaveButton.tsx");
        await saveFromEarlyTap(articleId, user.id, (key, saved) => mutate(key, saved, { revalidate: false }));
      });
    return () => {
      if (--mounted === 0) unregister?.();
    };
  }, [mutate]);
}
