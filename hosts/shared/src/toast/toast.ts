// The page's toasts (react-hot-toast: one store, spec §9), loaded when first used. No toast shows on a
// page before someone acts, so the library and its styles (goober) stay off the first load: every
// call goes through this facade, which loads them once and then hands the call on. The toaster
// (AppToaster) mounts once a toast is asked for.
import type { Renderable, ToastOptions } from "react-hot-toast";

type HotToast = typeof import("react-hot-toast").default;

let library: Promise<HotToast> | null = null;
let requested = false;
const listeners = new Set<() => void>();

function importLibrary(): Promise<HotToast> {
  library ??= import("react-hot-toast").then((module) => module.default);
  return library;
}

/** Fetches the toasts' code (the library and the toaster) without mounting the toaster. */
function preloadToasts(): void {
  void importLibrary();
  void import("./ToastList.tsx");
}

const FIRST_INPUT = ["pointerdown", "keydown"] as const;

/**
 * Fetches the toasts' code when the reader first presses something, so the toast that answers them
 * needs no download of its own (their request is on its way meanwhile), and nothing runs or loads on a
 * page nobody touches. Preloading on an idle page instead put a task and two requests after the page
 * was ready, which Lighthouse counted against its time to interactive; mounting the toaster there too
 * was a React render. The toaster mounts with the first toast.
 */
export function preloadToastsOnFirstInput(target: EventTarget = window): void {
  const preload = () => {
    for (const type of FIRST_INPUT) target.removeEventListener(type, preload, true);
    preloadToasts();
  };
  for (const type of FIRST_INPUT) target.addEventListener(type, preload, { capture: true, passive: true });
}

/** Loads react-hot-toast (once) and mounts the toaster from then on. */
export function loadToasts(): Promise<HotToast> {
  if (!requested) {
    requested = true;
    for (const listener of [...listeners]) listener();
  }
  return importLibrary();
}

/** Whether a toast was asked for: the toaster then mounts. */
export const toastsRequested = () => requested;

export function onToastsRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Message = Renderable;

const show =
  (kind?: "success" | "error" | "loading") =>
  (message: Message, options?: ToastOptions): void => {
    void loadToasts().then((hot) => (kind ? hot[kind](message, options) : hot(message, options)));
  };

/** react-hot-toast's calls the apps use; each returns at once, the toast shows when the library has loaded. */
export const toast = Object.assign(show(), {
  success: show("success"),
  error: show("error"),
  loading: show("loading"),
  dismiss(id?: string): void {
    void library?.then((hot) => hot.dismiss(id));
  },
  remove(id?: string): void {
    void library?.then((hot) => hot.remove(id));
  },
});
