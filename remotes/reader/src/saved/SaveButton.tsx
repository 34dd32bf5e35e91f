// Save for later on the article page (docs/decisions/025-saved-articles.md): every reader sees it, in
// the first HTML too (the page is the signed-out one); a signed-out reader's tap asks them to log in,
// and a tap before the page is ready is kept and carried out as 'save' (useEarlySaves). Cards show
// the signed-in reader's button alone (CardSaveSlot).
import { handleEarlyTaps, toast, useAuth, useSWRConfig, whenSessionKnown } from "@unbiased/web-shared";
import { SAVED_MESSAGES } from "@unbiased/worker-shared/contracts/saved";
import { lazy, Suspense, useEffect, useState } from "react";
import type { SavedState } from "./ActiveSaveButton.tsx";
import { type SaveButtonProps, SaveButtonView } from "./SaveButtonView.tsx";

type ReportedState = SavedState & { userId: string };
type Reporter = (props: { articleId: string; userId: string; onState(state: ReportedState): void }) => null;

/** When the saved state's code could not be loaded, a tap says so. */
const ReportUnavailable: Reporter = ({ userId, onState }) => {
  useEffect(
    () => onState({ saved: false, busy: false, toggle: () => void toast.error(SAVED_MESSAGES.saveFailed), userId }),
    [userId, onState],
  );
  return null;
};

// The signed-in reader's state and calls load once the reader is known, not before the page answers:
// the article page's first chunks carry the button's look alone.
const ReportSavedState = lazy(() =>
  import("./OnDemandSaveButton.tsx").then(
    (module) => ({ default: module.ReportSavedState as Reporter }),
    () => ({ default: ReportUnavailable }),
  ),
);
const askToSignIn = () => void toast.error(SAVED_MESSAGES.loginToast);
const wait = () => {};

/**
 * One button element from the first HTML on: the reader's state reaches it rather than replacing it,
 * so a keyboard reader's focus stays where they put it when the session becomes known.
 */
export function SaveButton(props: SaveButtonProps) {
  const { user } = useAuth();
  const [reported, setReported] = useState<ReportedState | null>(null);
  useEarlySaves();
  // A state reported for another reader (before a sign-out or a switch) is not this one's.
  const state = user && reported?.userId === user.id ? reported : null;
  return (
    <>
      <SaveButtonView
        {...props}
        saved={state?.saved ?? false}
        // While the state loads, the button shows as busy (a moment after the page is ready).
        busy={user ? (state?.busy ?? true) : false}
        onClick={!user ? askToSignIn : (state?.toggle ?? wait)}
      />
      {user && (
        <Suspense fallback={null}>
          <ReportSavedState articleId={props.articleId} userId={user.id} onState={setReported} />
        </Suspense>
      )}
    </>
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
