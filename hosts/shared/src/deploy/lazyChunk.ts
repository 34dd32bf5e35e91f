// A page's code split into chunks can outlive a deploy: a tab opened before it asks, on its next
// navigation, for a chunk the new deploy may no longer have (a remote keeps its previous chunks for a
// week, docs/decisions/016-fragments.md, but a tab may be older). Such a failed load reloads the page
// once, cleanly, onto the new version; a second failure within a minute is shown, never a blank page.
import { type ComponentProps, type ComponentType, createElement, type LazyExoticComponent, lazy } from "react";

const RELOADED_AT = "reloaded-after-failed-chunk";
/** A reload within this window already happened for this failure: show the error instead. */
const ONCE_WITHIN_MS = 60_000;

/** True when the page is reloading (the caller waits); false when it already did and the error should show. */
export function reloadOnceAfterFailedChunk(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (now - last < ONCE_WITHIN_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(now));
  } catch {
    return false; // Storage blocked: no way to know it is the first time, so no reload loop risked.
  }
  window.location.reload();
  return true;
}

/** React.lazy whose failed chunk load reloads the page once (see above) before it is an error. */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() =>
    load().catch((error: unknown) => {
      // While the page reloads the component stays suspended; otherwise the error boundary shows it.
      if (reloadOnceAfterFailedChunk()) return new Promise<never>(() => {});
      throw error;
    }),
  );
}

/** A page component in a chunk of its own that can be fetched ahead (route modules). */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature
export type PreloadableChunk<T extends ComponentType<any>> = ComponentType<ComponentProps<T>> & {
  /** Fetches the chunk (once); resolves when it is in, or when the page is reloading after a failure. */
  preload(): Promise<void>;
};

/**
 * lazyChunk for a page whose chunk may be fetched ahead: once preloaded, it renders at once, without
 * suspending. A server-rendered page preloads its route before hydrating, so React hydrates the
 * whole page in one pass (no boundary left showing the server's markup with nothing behind it) and
 * the page is ready when its root is (docs/decisions/019-early-input.md).
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature
export function preloadableChunk<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): PreloadableChunk<T> {
  let loaded: T | null = null;
  let loading: Promise<{ default: T }> | null = null;
  const fetchOnce = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Lazy = lazyChunk(fetchOnce);
  // biome-ignore lint/correctness/noComponentHookFactories: like React.lazy, made once per page at module level, never per render.
  function Chunk(props: ComponentProps<T>) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  Chunk.preload = () =>
    fetchOnce().then(
      () => undefined,
      () => undefined, // Rendering it shows the failure (or reloads the page once), as before.
    );
  return Chunk;
}
