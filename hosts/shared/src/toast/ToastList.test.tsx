import { act, render, screen } from "@testing-library/react";
import { Toaster, toast, useToasterStore } from "react-hot-toast";
import { describe, expect, it } from "vitest";
import { MAX_VISIBLE_TOASTS, ToastList, useToastLimit } from "./ToastList.tsx";

/** Reports which toasts the store still shows. */
function VisibleToasts() {
  const { toasts } = useToasterStore();
  const visible = toasts.filter((t) => t.visible);
  return <output data-testid="visible">{visible.map((t) => String(t.message)).join(",")}</output>;
}

const visibleMessages = () => (screen.getByTestId("visible").textContent ?? "").split(",").filter(Boolean);

function showToasts(count: number) {
  act(() => {
    for (let n = 1; n <= count; n += 1) toast(`t${n}`);
  });
}

/** A toaster that keeps at most three toasts on screen. */
function LimitedToaster() {
  useToastLimit(3);
  return <Toaster />;
}

describe("toast limit (spec §9: at most 20)", () => {
  it("the app toaster never shows more than 20, keeping the newest", () => {
    render(
      <>
        <ToastList />
        <VisibleToasts />
      </>,
    );
    showToasts(25);
    const visible = visibleMessages();
    expect(MAX_VISIBLE_TOASTS).toBe(20);
    expect(visible).toHaveLength(20);
    expect(visible).toContain("t25");
    expect(visible).not.toContain("t5");
  });

  it("useToastLimit dismisses the oldest toasts beyond its limit", () => {
    render(
      <>
        <LimitedToaster />
        <VisibleToasts />
      </>,
    );
    showToasts(5);
    expect(visibleMessages()).toEqual(["t5", "t4", "t3"]);
  });
});
