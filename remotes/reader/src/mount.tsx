// The reader's own React root (exposed as `reader/mount`): the shell's outlet calls it with the
// element the reader owns (docs/decisions/016-fragments.md). It renders under a router of its own
// over the page's one history, with the page's one SWR cache and auth and theme stores, all from
// the shell's @unbiased/web-shared. `hydrate`: the element holds the reader's server rendering, made
// with this page's shared code, so React adopts it instead of rendering it anew.
import { HistoryRouter, mountRoot, PageSWRConfig, pageHistory } from "@unbiased/web-shared";
import { StrictMode } from "react";
import App from "./App.tsx";

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
  const root = mountRoot(element, app, { hydrate });
  return () => root.unmount();
}
