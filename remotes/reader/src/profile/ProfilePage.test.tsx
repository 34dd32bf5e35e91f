import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { AppToaster, AuthProvider } from "@unbiased/web-shared";
import { sampleUser, stubApi, verifyRoute } from "@unbiased/web-shared/test/fakeApi.ts";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { ProfilePage } from "./ProfilePage.tsx";

function renderProfile() {
  render(
    <MemoryRouter initialEntries={["/profile"]}>
      <AuthProvider>
        <Routes>
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
        <AppToaster />
      </AuthProvider>
    </MemoryRouter>,
  );
}

const signedIn = () => {
  localStorage.setItem("token", "t1");
  stubApi({
    "GET /api/auth/verify": verifyRoute(
      "t1",
      sampleUser("user", { name: "Ada Lovelace", createdAt: "2026-01-15T03:00:00.000Z" }),
    ),
  });
};

describe("the profile page", () => {
  it("sends an anonymous reader to /login", () => {
    renderProfile();
    expect(screen.getByText("login page")).toBeTruthy();
  });

  it("shows the initials, name, e-mail and the sign-up date in the default timezone (New York)", async () => {
    signedIn();
    renderProfile();
    expect(await screen.findByRole("heading", { name: "Ada Lovelace" })).toBeTruthy();
    expect(screen.getByText("AL")).toBeTruthy();
    expect(screen.getByText("user@example.test")).toBeTruthy();
    // 03:00 UTC on the 15th is still the 14th in New York.
    expect(screen.getByText("January 14, 2026")).toBeTruthy();
    expect((screen.getByLabelText("Timezone") as HTMLSelectElement).value).toBe("America/New_York");
    expect(screen.getByLabelText("Timezone").querySelectorAll("option")).toHaveLength(12);
  });

  it("saves a new timezone locally and says so", async () => {
    signedIn();
    renderProfile();
    fireEvent.change(await screen.findByLabelText("Timezone"), { target: { value: "Asia/Tokyo" } });
    expect(localStorage.getItem("userTimezone")).toBe("Asia/Tokyo");
    expect(await screen.findByText("Timezone updated successfully")).toBeTruthy();
    expect(screen.getByText("January 15, 2026")).toBeTruthy();
  });

  it("says 'Failed to update timezone' when the browser refuses to store it", async () => {
    signedIn();
    renderProfile();
    const select = await screen.findByLabelText("Timezone");
    // Restored here: vi.restoreAllMocks does not undo a spy on happy-dom's Storage object.
    using _refusing = vi.spyOn(localStorage, "setItem").mockImplementation(() => {
      throw new DOMException("Quota exceeded", "QuotaExceededError");
    });
    fireEvent.change(select, { target: { value: "UTC" } });
    await waitFor(() => expect(screen.getByText("Failed to update timezone")).toBeTruthy());
    expect((select as HTMLSelectElement).value).toBe("America/New_York");
  });
});
