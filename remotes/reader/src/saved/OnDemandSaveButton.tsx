// The signed-in reader's Save button as the card and the article page load it, once the reader is
// known, and the early tap's save: a module only ever imported on demand, so its chunk is its own
// module's namespace (a shared module loaded this way would need Rolldown's runtime helpers in a chunk
// of their own, one more file before `/` answers), and a signed-out reader never downloads it.
import ActiveSaveButton from "./ActiveSaveButton.tsx";
import { changeSaved, savedKey } from "./savedApi.ts";

export default function OnDemandSaveButton(props: Parameters<typeof ActiveSaveButton>[0]) {
  return <ActiveSaveButton {...props} />;
}

/** A Save tapped before the page was ready, for the reader then known: 'save', never a toggle. */
export function saveFromEarlyTap(
  articleId: string,
  userId: string,
  show: (key: string, saved: boolean) => Promise<unknown>,
): Promise<void> {
  return changeSaved(articleId, true, (saved) => show(savedKey(articleId, userId), saved));
}
