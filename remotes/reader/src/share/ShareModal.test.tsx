import { act, fireEvent, render, screen } from "@testing-library/react";
import { AppToaster } from "@unbiased/web-shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COPIED_RESET_MS, ShareModal } from "./ShareModal.tsx";

const PAGE_URL = "https://unbiased.example/article/heat/a1";

function renderModal() {
  render(
    <>
      <ShareModal open onClose={() => {}} title="Heat shelters open" url={PAGE_URL} />
      <AppToaster />
    </>,
  );
}

const stubNavigator = (properties: Record<string, unknown>) =>
  vi.stubGlobal("navigator", { ...navigator, ...properties });

afterEach(() => vi.useRealTimers());

describe("the Share modal", () => {
  it("copies the page address and says 'Copied to clipboard!' for 2 s", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const writeText = vi.fn(async () => {});
    stubNavigator({ clipboard: { writeText } });
    renderModal();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy link" })));
    expect(writeText).toHaveBeenCalledWith(PAGE_URL);
    expect(screen.getByRole("status").textContent).toBe("Copied to clipboard!");
    act(() => vi.advanceTimersByTime(COPIED_RESET_MS));
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("says 'Failed to copy to clipboard' when the browser refuses", async () => {
    stubNavigator({
      clipboard: { writeText: async () => Promise.reject(new DOMException("denied", "NotAllowedError")) },
    });
    renderModal();
    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Failed to copy to clipboard")).toBeTruthy();
  });

  it("hands '{product}: {title}' and the address to the device's share sheet", async () => {
    const share = vi.fn(async () => {});
    stubNavigator({ share });
    renderModal();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Share via device" })));
    expect(share).toHaveBeenCalledWith({
      title: "Unbiased 24/7: Heat shelters open",
      text: "Unbiased 24/7: Heat shelters open",
      url: PAGE_URL,
    });
  });

  it("says 'Native sharing not supported on this device' without a share sheet", async () => {
    stubNavigator({ share: undefined });
    renderModal();
    fireEvent.click(screen.getByRole("button", { name: "Share via device" }));
    expect(await screen.findByText("Native sharing not supported on this device")).toBeTruthy();
  });

  it("links to e-mail, SMS, Twitter, Facebook and LinkedIn", () => {
    renderModal();
    for (const name of ["Email", "SMS", "Twitter", "Facebook", "LinkedIn"]) {
      expect(screen.getByRole("link", { name: new RegExp(`^${name}`) })).toBeTruthy();
    }
  });
});
