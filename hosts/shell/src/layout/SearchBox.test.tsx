import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { LocationDisplay } from "../test/LocationDisplay.tsx";
import { SearchBox } from "./SearchBox.tsx";

function renderSearchBox() {
  render(
    <MemoryRouter initialEntries={["/news"]}>
      <SearchBox />
      <LocationDisplay />
    </MemoryRouter>,
  );
  return {
    box: screen.getByRole("searchbox", { name: "Search articles" }) as HTMLInputElement,
    location: () => screen.getByTestId("location").textContent,
  };
}

describe("SearchBox", () => {
  it("sends the trimmed, URL-encoded query to /search and clears the box", () => {
    const { box, location } = renderSearchBox();
    fireEvent.change(box, { target: { value: "  heat & rain/2026  " } });
    fireEvent.submit(box.closest("form")!);
    expect(location()).toBe("/search?q=heat%20%26%20rain%2F2026");
    expect(box.value).toBe("");
  });

  it("does nothing when the query is blank", () => {
    const { box, location } = renderSearchBox();
    fireEvent.change(box, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(location()).toBe("/news");
    expect(box.value).toBe("   ");
  });
});
