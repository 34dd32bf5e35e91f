import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CursorListEnd, type CursorListStatus } from "./CursorListEnd.tsx";

const end = (status: CursorListStatus, next: string | null, onLoad = vi.fn()) => {
  render(
    <CursorListEnd
      status={status}
      next={next}
      failedMessage="Failed to load the list"
      onLoad={onLoad}
      doneNote="That is all of it."
    />,
  );
  return onLoad;
};

describe("the end of a list that pages by cursor", () => {
  it("offers Load More while the server has more, and asks for the page after the cursor", () => {
    const onLoad = end("ready", "cursor-2");
    fireEvent.click(screen.getByRole("button", { name: "Load More" }));
    expect(onLoad).toHaveBeenCalledWith("cursor-2");
    expect(screen.queryByText("That is all of it.")).toBeNull();
  });

  it("says it is loading and takes no second tap while the next page loads", () => {
    const onLoad = end("loading-more", "cursor-2");
    const button = screen.getByRole("button", { name: "Loading…" });
    expect(button).toHaveProperty("disabled", true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    fireEvent.click(button);
    expect(onLoad).not.toHaveBeenCalled();
  });

  it("shows the list's failure with a retry of the same page, and no Load More beside it", () => {
    const onLoad = end("failed", "cursor-2");
    expect(screen.getByRole("alert").textContent).toContain("Failed to load the list");
    expect(screen.queryByRole("button", { name: "Load More" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onLoad).toHaveBeenCalledWith("cursor-2");
  });

  it("closes a complete list with its note and offers nothing more", () => {
    end("ready", null);
    expect(screen.getByText("That is all of it.")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
