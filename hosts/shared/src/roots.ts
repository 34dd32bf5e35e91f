// React DOM's root functions, from the page's one copy: the shell provides web-shared (a Module
// Federation singleton), so a remote that mounts its own root (docs/decisions/016-fragments.md)
// takes the reconciler from here instead of bundling a second one.
import { createElement, type ReactNode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { rootReady } from "./earlyInput/replay.ts";

export { createRoot, hydrateRoot, type Root };

/** Marks its root ready once React has committed it: the early taps held for the root are carried out. */
function RootReady({ element, children }: { element: HTMLElement; children?: ReactNode }) {
  useEffect(() => void rootReady(element), [element]);
  return children;
}

/**
 * Mounts `app` as the React root of `element`: hydrating the server's markup when `hydrate`, else
 * rendering anew. Hydration runs as a transition, so React works through the page in slices and
 * yields to the browser between them instead of in one long task (docs/decisions/019-early-input.md).
 */
export function mountRoot(element: HTMLElement, app: ReactNode, { hydrate }: { hydrate: boolean }): Root {
  const tree = createElement(RootReady, { element }, app);
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
