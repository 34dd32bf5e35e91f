// The signed-in reader's Save button as a card loads it, the article page's saved state, and the early
// tap's save, once the reader is known: a module only ever imported on demand, so its chunk is its own
// module's namespace (a shared module loaded this way would need Rolldown's runtime helpers in a chunk
// of their own, one more file before `/` answers), and a signed-out reader never downloads it.
import { useEffect } from "react";
import ActiveSaveButton, { type SavedState, useSavedState } from "./ActiveSaveButton.tsx";
import { changeSaved, savedKey } from "./savedApi.ts";

export default function OnDemandSaveButton(props: Parameters<typeof ActiveSaveButton>[0]) {
  return <ActiveSaveButton {...props} />;
}

/**
 * The article page's saved state, reported to the button its first HTML drew (SaveButton), which stays
 * the same element: a reader who had focused it before the session was known keeps their focus.
 */
export function ReportSavedState({
  articleId,
  userId,
  onState,
}: {
  articleId: string;
  userId: string;
  onState(state: SavedState & { userId: string }): void;
}) {
  const { saved, busy, toggle } = useSavedState(articleId, userId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: toggle is new each render and reads saved and busy, which are the dependencies
  useEffect(() => onState({ saved, busy, toggle, userId }), [saved, busy, userId, onState]);
  return null;
}

/** A Save tapped before the page was ready, for the reader then known: 'save', never a toggle. */
export function saveFromEarlyTap(
  articleId: string,
  userId: string,
  show: (key: string, saved: boolean) => Promise<unknown>,
): Promise<void> {
  return changeSaved(articleId, true, (saved) => show(savedKey(articleId, userId), saved));
}
