// A card's Save button (docs/decisions/025-saved-articles.md), for signed-in readers only, as Hacker
// News shows its favourites. The card's first HTML reserves its place (the first HTML is the
// signed-out page); once the page is ready and the reader is known, the button loads into it, so the
// page's first JavaScript carries no more than this slot and nothing shifts when it comes.
// The Save buttons' look, in the first chunk's stylesheet (ui/ is in it), which every reader page
// carries inline: the buttons' own chunk then brings no stylesheet of its own to fetch.
import "../ui/saveButton.css";
import { useAuth } from "@unbiased/web-shared";
import { lazy, Suspense } from "react";

const CardSaveButton = lazy(() => import("./CardSaveButton.tsx"));

export function CardSaveSlot({ articleId, title }: { articleId: string; title: string }) {
  const { user } = useAuth();
  const slot = <span className="save-slot" />;
  return user ? (
    <Suspense fallback={slot}>
      <CardSaveButton articleId={articleId} title={title} userId={user.id} />
    </Suspense>
  ) : (
    slot
  );
}
