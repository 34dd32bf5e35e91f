import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AppToaster } from "./AppToaster.tsx";
import { preloadToastsOnFirstInput, toast, toastsRequested } from "./toast.ts";

// The reader's first press fetches the toasts' code but mounts nothing: the toaster's first render
// belongs to the first toast, and a page nobody touches loads nothing after it is ready.
describe("the page's toaster", () => {
  it("is not mounted by the preload on the first press, and mounts with the first toast", async () => {
    const { container } = render(<AppToaster />);
    const page = new EventTarget();
    preloadToastsOnFirstInput(page);
    await act(async () => {
      page.dispatchEvent(new Event("pointerdown"));
      // The same modules the preload asked for: once they are here, the preload has done all it does.
      await Promise.all([import("react-hot-toast"), import("./ToastList.tsx")]);
    });
    expect(toastsRequested()).toBe(false);
    expect(container.innerHTML).toBe("");

    toast.success("Saved");
    expect(toastsRequested()).toBe(true);
    expect(await screen.findByText("Saved")).toBeTruthy();
  });

  it("listens for the first press only: a key or a pointer, once", () => {
    const page = new EventTarget();
    const removed = vi.spyOn(page, "removeEventListener");
    preloadToastsOnFirstInput(page);
    page.dispatchEvent(new Event("keydown"));
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual(["keydown", "pointerdown"]);
    page.dispatchEvent(new Event("pointerdown"));
    expect(removed).toHaveBeenCalledTimes(2);
  });
});
