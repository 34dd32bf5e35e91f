// The main area of the page belongs to the remote that owns the path: the reader for the public
// pages, ModMe under /modme, the shell's own "not found" page anywhere else. The outlet follows the
// page's one history: when the owner changes it unmounts the previous root and mounts the next remote,
// imported through the page's import map (docs/decisions/016-fragments.md and 023). On the first load,
// a fragment the gateway rendered is hydrated — when it was rendered with this page's shared code — or
// rendered anew over the server's markup, which stays readable until then.
import {
  createRoot,
  ErrorPanel,
  type History,
  HistoryRouter,
  mountRoot,
  NotFoundPage,
  type RenderedWith,
  type Root,
  renderedWith,
  rootAbandoned,
  Spinner,
  sameVersions,
} from "@unbiased/web-shared";
import { pathOwner, REMOTE_ATTRIBUTES, type RemoteName } from "@unbiased/worker-shared/contracts/page";
import { type ReactNode, StrictMode } from "react";
import { loadRemote, type RemoteModule } from "./loadRemote.ts";

type Owner = RemoteName | "not-found";

export const ownerOf = (pathname: string): Owner => pathOwner(pathname) ?? "not-found";

/** The versions the server's markup in `element` was rendered with, if it says. */
function versionsOf(element: HTMLElement): RenderedWith | null {
  try {
    return JSON.parse(element.getAttribute(REMOTE_ATTRIBUTES.renderedWith) ?? "null") as RenderedWith | null;
  } catch {
    return null;
  }
}

export interface OutletOptions {
  /** The remote's element (#remote-root); its status (loading, failure) shows in `status`, beside it. */
  element: HTMLElement;
  status: HTMLElement;
  history: History;
  load?: (name: RemoteName, attempt: number) => Promise<RemoteModule>;
}

export function startOutlet({ element, status, history, load = loadRemote }: OutletOptions): () => void {
  let mounted: { owner: Owner; unmount: () => void } | null = null;
  let navigation = 0;
  let statusRoot: Root | null = null;

  const showStatus = (content: ReactNode | null) => {
    if (content === null) {
      statusRoot?.unmount();
      statusRoot = null;
      return;
    }
    statusRoot ??= createRoot(status);
    statusRoot.render(<StrictMode>{content}</StrictMode>);
  };

  const shellView = (content: ReactNode) => {
    const root = mountRoot(
      element,
      <StrictMode>
        <HistoryRouter history={history}>{content}</HistoryRouter>
      </StrictMode>,
      { hydrate: false },
    );
    return () => root.unmount();
  };

  async function show(pathname: string, first: boolean, attempt = 0): Promise<void> {
    const owner = ownerOf(pathname);
    if (mounted?.owner === owner && attempt === 0) return;
    const ticket = ++navigation;
    mounted?.unmount();
    mounted = null;
    element.removeAttribute(REMOTE_ATTRIBUTES.mounted);
    if (owner === "not-found") {
      showStatus(null);
      mounted = { owner, unmount: shellView(<NotFoundPage />) };
      return;
    }
    // The first HTML's markup for this owner: a page to hydrate, or only a frame (ModMe's heading and
    // loading line) that the remote renders over. Either already says the section is coming.
    const firstHtml = first && element.getAttribute(REMOTE_ATTRIBUTES.name) === owner && element.childElementCount > 0;
    const serverRendered = firstHtml && element.getAttribute(REMOTE_ATTRIBUTES.rendered) === "hydrate";
    if (!first) element.replaceChildren();
    if (!firstHtml)
      showStatus(
        <div className="remote-loading">
          <Spinner label="Loading section…" />
        </div>,
      );
    let remote: RemoteModule;
    try {
      remote = await load(owner, attempt);
    } catch (error) {
      if (ticket !== navigation) return;
      console.error(`The ${owner} section could not be loaded:`, error);
      // Taps held for the section will not be carried out: its controls stop saying they are pending.
      rootAbandoned(element);
      // A frame's "Loading…" would never end: the error panel takes its place.
      if (!serverRendered) element.replaceChildren();
      showStatus(
        <ErrorPanel
          message="This section could not be loaded."
          onRetry={() => void show(history.location.pathname, first, attempt + 1)}
        />,
      );
      return;
    }
    if (ticket !== navigation) return;
    showStatus(null);
    // Markup rendered with other copies of React or web-shared than this page's is rendered anew.
    const hydrate = serverRendered && sameVersions(versionsOf(element), renderedWith());
    mounted = { owner, unmount: remote.mount(element, { hydrate }) };
    // How the remote took the element, for anyone checking a deploy (and the end-to-end tests).
    element.setAttribute(REMOTE_ATTRIBUTES.mounted, hydrate ? "hydrated" : "rendered");
  }

  void show(history.location.pathname, true);
  // A navigation can start inside a remote's own render or effect (a guard's redirect): that root may
  // only be unmounted once React has finished with it, so the switch waits for the current task.
  return history.listen(({ location }) => queueMicrotask(() => void show(location.pathname, false)));
}
