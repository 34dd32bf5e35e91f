// The signed-in reader's Save button (docs/decisions/025-saved-articles.md): their saved state of the
// article, asked with the other cards' in one call, on the SWR key a card and the article page share;
// a tap shows the change at once and takes it back if the server refused.
import { useSWR } from "@unbiased/web-shared";
import { useState } from "react";
import { type SaveButtonProps, SaveButtonView } from "./SaveButtonView.tsx";
import { changeSaved, isSaved, savedKey } from "./savedApi.ts";

/** Asked once per article and reader while the page lives (not when /saved already said); a tap sets it. */
const SAVED_CACHE = {
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  dedupingInterval: 60_000,
};

export interface SavedState {
  saved: boolean;
  busy: boolean;
  toggle(): void;
}

/** The reader's saved state of an article and the tap that changes it. */
export function useSavedState(articleId: string, userId: string): SavedState {
  const { data: saved = false, mutate } = useSWR(savedKey(articleId, userId), () => isSaved(articleId), SAVED_CACHE);
  const [busy, setBusy] = useState(false);
  const toggle = () => {
    if (busy) return;
    setBusy(true);
    void changeSaved(articleId, !saved, (next) => mutate(next, { revalidate: false })).finally(() => setBusy(false));
  };
  return { saved, busy, toggle };
}

export default function ActiveSaveButton({ userId, ...props }: SaveButtonProps & { userId: string }) {
  const { saved, busy, toggle } = useSavedState(props.articleId, userId);
  return <SaveButtonView {...props} saved={saved} busy={busy} onClick={toggle} />;
}
