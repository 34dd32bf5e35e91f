import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppToaster, AuthProvider } from "@unbiased/web-shared";
import { sampleUser, stubApi, verifyRoute } from "@unbiased/web-shared/test/fakeApi.ts";
import { FAILURE_REDIRECT_DELAY_MS, GoogleCallbackPage } from "./GoogleCallbackPage.tsx";

function renderCallback(query: string) {
  render(
    <MemoryRouter initialEntries={[`/auth/google/callback${query}`]}>
      <AuthProvider>
        <Routes>
          <Route path="/auth/google/callback" element={<GoogleCallbackPage />} />
          <Route path="/" element={<p>home page</p>} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
        <AppToaster />
      </AuthProvider>
    </MemoryRouter>,
  );
}

/** The failure stays readable for the delay, then the sign-in page replaces it. */
async function expectFailureThenLogin(message: string) {
  expect(await screen.findByRole("alert")).toHaveProperty("textContent", message);
  await act(() => vi.advanceTimersByTimeAsync(FAILURE_REDIRECT_DELAY_MS - 100));
  expect(screen.queryByText("login page")).toBeNull();
  await act(() => vi.advanceTimersByTimeAsync(100));
  expect(screen.getByText("login page")).toBeTruthy();
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  stubApi({ "GET /api/auth/verify": verifyRoute("good-token", sampleUser("user")) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the sign-in callback", () => {
  it("with a valid token: signs in, says 'Successfully logged in!' and goes home", async () => {
    renderCallback("?token=good-token");
    expect(screen.getByRole("status").textContent).toBe("Completing authentication...");
    expect(await screen.findByText("home page")).toBeTruthy();
    expect(await screen.findByText("Successfully logged in!")).toBeTruthy();
    expect(localStorage.getItem("token")).toBe("good-token");
  });

  it("with a token the server refuses: removes it, says 'Authentication failed', goes to /login", async () => {
    renderCallback("?token=forged");
    await expectFailureThenLogin("Authentication failed");
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("without a token: 'No authentication token received', then /login", async () => {
    renderCallback("");
    await expectFailureThenLogin("No authentication token received");
  });

  it("when Google sign-in failed (?error=): 'Login failed', then /login", async () => {
    renderCallback("?error=login_failed");
    await expectFailureThenLogin("Login failed");
  });
});
