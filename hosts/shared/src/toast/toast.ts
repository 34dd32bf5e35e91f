// The page's toasts (react-hot-toast: one store, spec §9), loaded when first used. No toast shows on a
// page before someone acts, so the library and its styles (goober) stay off the first load: every
// call goes through this facade, which loads them once and then hands the call on. The toaster
// (AppToaster) mounts once the library is asked for.
import type { Renderable, ToastOptions } from "react-hot-toast";

type HotToast = typeof import("react-hot-toast").default;

let library: Promise<HotToast> | null = null;
const listeners = new Set<() => void>();

/** Loads react-hot-toast (once); the toaster mounts from then on. */
export function loadToasts(): Promise<HotToast> {
  if (!library) {
    library = import("react-hot-toast").then((module) => module.default);
    for (const listener of [...listeners]) listener();
  }
  return library;
}

/** Whether a toast was asked for (or the library preloaded): the toaster then mounts. */
export const toastsRequested = () => library !== null;

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
