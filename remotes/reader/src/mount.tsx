// The reader's own React root (loaded by its entry, src/entry.ts): the shell's outlet calls it with the
// element the reader owns (docs/decisions/016-fragments.md). It renders under a router of its own
// over the page's one history, with the page's one SWR cache and auth and theme stores, all from
// the shell's @unbiased/web-shared. `hydrate`: the element holds the reader's server rendering, made
// with this page's shared code, so React adopts it instead of rendering it anew.
import { HistoryRouter, mountRoot, PageSWRConfig, pageHistory } from "@unbiased/web-shared";
import { StrictMode } from "react";
import App from "./App.tsx";
import { preloadPage } from "./routes.ts";
import { readTimeTexts, seedTimeTexts } from "./time/timeTexts.ts";

export function mount(element: HTMLElement, { hydrate }: { hydrate: boolean }): () => void {
  const app = (
    <StrictMode>
      <PageSWRConfig>
        <HistoryRouter history={pageHistory()}>
          <App />
        </HistoryRouter>
      </PageSWRConfig>
    </StrictMode>
  );
  if (!hydrate) {
    const root = mountRoot(element, app, { hydrate, readyMark: true });
    return () => root.unmount();
  }
  // The dates the server wrote: hydration reads them instead of loading the browser's date data.
  seedTimeTexts(readTimeTexts());
  // The page's chunk first (preloaded by the page's head, so usually there already): React then
  // hydrates the whole page at once, and the page is ready when its root is.
  let root: ReturnType<typeof mountRoot> | null = null;
  let unmounted = false;
  void preloadPage(window.location.pathname).then(() => {
    if (!unmounted) root = mountRoot(element, app, { hydrate, readyMark: true });
  });
  return () => {
    unmounted = true;
    root?.unmount();
  };
}
