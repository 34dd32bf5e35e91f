import { act, render, screen } from "@testing-library/react";
import { AppToaster, AuthProvider } from "@unbiased/web-shared";
import { fail, ok, type RecordedRequest, sampleUser, stubApi, verifyRoute } from "@unbiased/web-shared/test/fakeApi.ts";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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

let requests: RecordedRequest[];
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // The server: "good-code" exchanges (once) for the access token "good-token"; any other code is refused.
  const spent = new Set<string>();
  requests = stubApi({
    "POST /api/auth/exchange": ({ body }) => {
      const { code } = body as { code: string };
      if (code !== "good-code" || spent.has(code)) return fail(401, "Sign-in code is invalid or expired");
      spent.add(code);
      return ok({ user: sampleUser("user"), token: "good-token" });
    },
    "GET /api/auth/verify": verifyRoute("good-token", sampleUser("user")),
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the sign-in callback", () => {
  it("with a valid code: exchanges it (with the cookie), signs in, says 'Successfully logged in!' and goes home", async () => {
    renderCallback("?token=good-code");
    expect(screen.getByRole("status").textContent).toBe("Completing authentication...");
    expect(await screen.findByText("home page")).toBeTruthy();
    expect(await screen.findByText("Successfully logged in!")).toBeTruthy();
    expect(localStorage.getItem("token")).toBe("good-token");
    const exchange = requests.find((r) => r.path === "/api/auth/exchange")!;
    expect(exchange).toMatchObject({ method: "POST", body: { code: "good-code" }, credentials: "include" });
    // The code itself is never used or stored as a token.
    expect(requests.some((r) => r.token === "good-code")).toBe(false);
  });

  it("with a code the server refuses (forged, replayed, expired, another browser): 'Authentication failed', then /login", async () => {
    renderCallback("?token=forged");
    await expectFailureThenLogin("Authentication failed");
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("with a code whose token then fails verification: removes it, 'Authentication failed', /login", async () => {
    stubApi({
      "POST /api/auth/exchange": ok({ user: sampleUser("user"), token: "revoked-token" }),
      "GET /api/auth/verify": fail(401, "Session has ended. Please log in again."),
    });
    renderCallback("?token=some-code");
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
