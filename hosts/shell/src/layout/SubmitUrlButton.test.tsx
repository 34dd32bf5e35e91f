import { fireEvent, render, screen, within } from "@testing-library/react";
import { AuthProvider } from "@unbiased/web-shared";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { SubmitUrlButton } from "./SubmitUrlButton.tsx";

describe("Submit URL when anonymous", () => {
  it("opens the Login Required modal with the spec's message and a way to sign in", () => {
    render(
      <MemoryRouter>
        <AuthProvider>
          <SubmitUrlButton />
        </AuthProvider>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Submit URL" }));
    const dialog = screen.getByRole("dialog", { name: "Login Required" });
    expect(within(dialog).getByText("Please log in to continue")).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login");
  });
});
