import { fireEvent, render, screen } from "@testing-library/react";
import { AppToaster, AuthProvider } from "@unbiased/web-shared";
import { fail, ok, sampleUser, stubApi, verifyRoute } from "@unbiased/web-shared/test/fakeApi.ts";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { describe, expect, it } from "vitest";
import { GoogleCallbackPage } from "./GoogleCallbackPage.tsx";
import { LoginPage } from "./LoginPage.tsx";

function renderLogin() {
  render(
    // A fresh SWR cache per test: whether the dev sign-in is on must be asked each time.
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={["/login"]}>
        <AuthProvider>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/auth/google/callback" element={<GoogleCallbackPage />} />
            <Route path="/" element={<p>home page</p>} />
          </Routes>
          <AppToaster />
        </AuthProvider>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe("the login page", () => {
  it("offers Google sign-in as a plain link to the server's redirect flow", () => {
    stubApi({});
    renderLogin();
    expect(screen.getByRole("link", { name: "Sign in with Google" }).getAttribute("href")).toBe(
      "/api/auth/google/start",
    );
  });

  it("shows a loading state while auth loads, then sends a signed-in reader home", async () => {
    localStorage.setItem("token", "t1");
    stubApi({ "GET /api/auth/verify": verifyRoute("t1", sampleUser("user")) });
    renderLogin();
    expect(screen.getByRole("status")).toBeTruthy();
    expect(await screen.findByText("home page")).toBeTruthy();
  });

  it("signs a developer in through the same callback page as Google's (code exchange)", async () => {
    const requests = stubApi({
      "GET /api/auth/dev": ok({ enabled: true }),
      "POST /api/auth/dev/start": ok({ callbackUrl: "/auth/google/callback?token=dev-code" }),
      "POST /api/auth/exchange": ({ body }) =>
        (body as { code: string }).code === "dev-code"
          ? ok({ user: sampleUser("moderator"), token: "t-mod" })
          : fail(401, "Sign-in code is invalid or expired"),
      "GET /api/auth/verify": verifyRoute("t-mod", sampleUser("moderator")),
    });
    renderLogin();
    fireEvent.click(await screen.findByRole("button", { name: "Sign in as moderator" }));
    expect(await screen.findByText("Successfully logged in!")).toBeTruthy();
    expect(await screen.findByText("home page")).toBeTruthy();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(["POST /api/auth/dev/start", "POST /api/auth/exchange", "GET /api/auth/verify"]),
    );
    expect(requests.find((r) => r.path === "/api/auth/dev/start")?.body).toEqual({ role: "moderator" });
  });

  it("says 'Login failed. Please try again.' when the sign-in fails", async () => {
    stubApi({ "GET /api/auth/dev": ok({ enabled: true }), "POST /api/auth/dev/start": fail(500, "Internal error") });
    renderLogin();
    fireEvent.click(await screen.findByRole("button", { name: "Sign in as user" }));
    expect(await screen.findByText("Login failed. Please try again.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in as user" })).toHaveProperty("disabled", false);
  });
});
