// ModMe's own React root (loaded by its entry, src/entry.ts): the shell's outlet calls it with the element
// ModMe owns under /modme/* (docs/decisions/016-fragments.md). Its router follows the page's one
// history; the auth state, SWR cache and toaster are the page's, from the shell's web-shared.
import { HistoryRouter, mountRoot, PageSWRConfig, pageHistory, Route, Routes } from "@unbiased/web-shared";
import { StrictMode } from "react";
import App from "./App.tsx";

export function mount(element: HTMLElement): () => void {
  const root = mountRoot(
    element,
    <StrictMode>
      <PageSWRConfig>
        <HistoryRouter history={pageHistory()}>
          <Routes>
            {/* ModMe's own routes are relative to /modme, as when the shell nested them. */}
            <Route path="/modme/*" element={<App />} />
          </Routes>
        </HistoryRouter>
      </PageSWRConfig>
    </StrictMode>,
    { hydrate: false },
  );
  return () => root.unmount();
}
