// One browser history for the page. The shell's roots and each remote's root are separate React
// roots (docs/decisions/016-fragments.md), each with its own router over this one history, so a
// navigation anywhere moves every router at once. react-router's browser history takes a single
// listener, so this wrapper fans its changes out to every router (and to the shell's outlet,
// which mounts the remote that owns the new path).
import { createBrowserHistory, type History } from "./router.tsx";

type Listener = Parameters<History["listen"]>[0];

let shared: History | null = null;

export function fanOut(base: History): History {
  const listeners = new Set<Listener>();
  base.listen((update) => {
    for (const listener of [...listeners]) listener(update);
  });
  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: (to, state) => base.push(to, state),
    replace: (to, state) => base.replace(to, state),
    go: (delta) => base.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's history (browser only). `v5Compat` makes push and replace notify listeners, as routers need. */
export function pageHistory(): History {
  shared ??= fanOut(createBrowserHistory({ v5Compat: true }));
  return shared;
}
