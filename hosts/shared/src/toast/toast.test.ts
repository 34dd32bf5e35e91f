import { beforeEach, describe, expect, it, vi } from "vitest";

// The reader's first press fetches the toasts' code but mounts nothing: the toaster's first render
// belongs to the first toast, and a page nobody touches loads nothing after it is ready. Each test
// reads a fresh toast module: the store is the page's, and other test files may have asked for it.
type ToastModule = typeof import("./toast.ts");
let toasts: ToastModule;

beforeEach(async () => {
  vi.resetModules();
  toasts = await import("./toast.ts");
});

describe("the page's toaster", () => {
  it("is not asked for by the preload on the first press, and is with the first toast", async () => {
    const mounts = vi.fn();
    toasts.onToastsRequested(mounts);
    const page = new EventTarget();
    toasts.preloadToastsOnFirstInput(page);
    page.dispatchEvent(new Event("pointerdown"));
    // The same modules the preload asked for: once they are here, the preload has done all it does.
    await Promise.all([import("react-hot-toast"), import("./ToastList.tsx")]);
    expect(toasts.toastsRequested()).toBe(false);
    expect(mounts).not.toHaveBeenCalled();

    toasts.toast.success("Saved");
    expect(toasts.toastsRequested()).toBe(true);
    expect(mounts).toHaveBeenCalledTimes(1);
  });

  it("listens for the first press only: a key or a pointer, once", () => {
    const page = new EventTarget();
    const removed = vi.spyOn(page, "removeEventListener");
    toasts.preloadToastsOnFirstInput(page);
    page.dispatchEvent(new Event("keydown"));
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual(["keydown", "pointerdown"]);
    page.dispatchEvent(new Event("pointerdown"));
    expect(removed).toHaveBeenCalledTimes(2);
  });
});
