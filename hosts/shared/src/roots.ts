// React DOM's root functions, from the page's one copy: the shell provides web-shared (a Module
// Federation singleton), so a remote that mounts its own root (docs/decisions/016-fragments.md)
// takes the reconciler from here instead of bundling a second one.
import { createContext, createElement, type ReactNode, startTransition, useContext, useEffect } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { rootReady } from "./earlyInput/replay.ts";

export { createRoot, hydrateRoot, type Root };

/** The element of the root a component renders in (set by mountRoot). */
const RootElement = createContext<HTMLElement | null>(null);

/**
 * Marks its root ready once React has committed it: the early taps held for the root are carried
 * out (earlyInput/replay.ts). A root whose page sits in a Suspense boundary renders this inside the
 * boundary, after the page (mountRoot's `readyMark`): React may commit the root before it has hydrated
 * a boundary, and the page's own handlers must be in place before held taps are carried out.
 */
export function RootReadyMark() {
  const element = useContext(RootElement);
  useEffect(() => {
    if (element) void rootReady(element);
  }, [element]);
  return null;
}

export interface MountOptions {
  /** Hydrate the server's markup in `element` (else render anew). */
  hydrate: boolean;
  /** The app renders <RootReadyMark /> itself where its page has committed; else the root is ready on its first commit. */
  readyMark?: boolean;
}

/**
 * Mounts `app` as the React root of `element`: hydrating the server's markup when `hydrate`, else
 * rendering anew. Hydration runs as a transition, so React works through the page in slices and
 * yields to the browser between them instead of in one long task (docs/decisions/019-early-input.md).
 */
export function mountRoot(element: HTMLElement, app: ReactNode, { hydrate, readyMark = false }: MountOptions): Root {
  const tree = createElement(
    RootElement.Provider,
    { value: element },
    app,
    readyMark ? null : createElement(RootReadyMark),
  );
  if (!hydrate) {
    const root = createRoot(element);
    root.render(tree);
    return root;
  }
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(element, tree);
  });
  return root as Root;
}
