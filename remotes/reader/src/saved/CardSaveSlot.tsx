// A card's Save button (docs/decisions/025-saved-articles.md), for signed-in readers only, as Hacker
// News shows its favourites. The card's first HTML reserves its place (the first HTML is the
// signed-out page); once the page is ready and the reader is known, the button loads into it
// (OnDemandSaveButton), so the page's first JavaScript carries no more than this slot and nothing
// shifts when it comes. If its code cannot be loaded, the place stays empty: a card is still a card.
// The Save buttons' look, in the first chunk's stylesheet (ui/ is in it), which every reader page
// carries inline: the buttons' own chunk then brings no stylesheet of its own to fetch.
import "../ui/saveButton.css";
import { useAuth } from "@unbiased/web-shared";
import { lazy, Suspense } from "react";

const EmptySlot = () => <span className="save-slot" />;
const OnDemandSaveButton = lazy(() => import("./OnDemandSaveButton.tsx").catch(() => ({ default: EmptySlot })));

export function CardSaveSlot({ articleId, title }: { articleId: string; title: string }) {
  const { user } = useAuth();
  return user ? (
    <Suspense fallback={<EmptySlot />}>
      <OnDemandSaveButton articleId={articleId} title={title} userId={user.id} />
    </Suspense>
  ) : (
    <EmptySlot />
  );
}
