import { render, screen } from "@testing-library/react";
import { AppToaster, AuthProvider } from "@unbiased/web-shared";
import { ADMIN_SESSION_MS, storeAdminSession } from "@unbiased/web-shared/admin";
import { sampleUser, stubApi, verifyRoute } from "@unbiased/web-shared/test/fakeApi.ts";
import type { Role } from "@unbiased/worker-shared/contracts/auth";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import App from "../App.tsx";

/** The remote as the shell mounts it, plus the two places the guard sends people. */
function renderModme(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <Routes>
          <Route path="/modme/*" element={<App />} />
          <Route path="/" element={<p>home page</p>} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
        <AppToaster />
      </AuthProvider>
    </MemoryRouter>,
  );
}

const signInAs = (role: Role) => {
  localStorage.setItem("token", "t1");
  stubApi({ "GET /api/auth/verify": verifyRoute("t1", sampleUser(role)) });
};

describe("the guard on every /modme route", () => {
  it("says 'Loading authentication...' while the stored token is being checked", () => {
    localStorage.setItem("token", "t1");
    stubApi({ "GET /api/auth/verify": () => new Promise(() => {}) });
    renderModme("/modme");
    expect(screen.getByRole("status").textContent).toBe("Loading authentication...");
  });

  it.each(["/modme", "/modme/login", "/modme/users"])("sends an anonymous visitor of %s to /login", (path) => {
    renderModme(path);
    expect(screen.getByText("login page")).toBeTruthy();
  });

  it("sends a signed-in user without a staff role to / and says why", async () => {
    signInAs("user");
    renderModme("/modme/users");
    expect(await screen.findByText("home page")).toBeTruthy();
    expect(await screen.findByText("Access denied. Admin or moderator role required.")).toBeTruthy();
  });

  it.each(["moderator", "admin"] as const)("lets the %s with an admin session reach the dashboard", async (role) => {
    signInAs(role);
    storeAdminSession("admin-1");
    renderModme("/modme");
    expect(await screen.findByRole("heading", { name: "ModMe" })).toBeTruthy();
  });
});

describe("the admin session on the ModMe tools", () => {
  it.each(["/modme", "/modme/comments", "/modme/log"])(
    "sends staff without an admin session on %s to the password gate",
    async (path) => {
      signInAs("moderator");
      renderModme(path);
      expect(await screen.findByRole("heading", { name: "ModMe Login" })).toBeTruthy();
    },
  );

  it("clears an admin session older than 24 h and asks for the password again", async () => {
    signInAs("moderator");
    storeAdminSession("admin-1", Date.now() - ADMIN_SESSION_MS - 1);
    renderModme("/modme/reports");
    expect(await screen.findByRole("heading", { name: "ModMe Login" })).toBeTruthy();
    expect(localStorage.getItem("adminToken")).toBeNull();
  });

  it("opens the tool with a live admin session", async () => {
    signInAs("admin");
    storeAdminSession("admin-1");
    renderModme("/modme/queues");
    expect(await screen.findByRole("heading", { name: "Queue Status" })).toBeTruthy();
  });
});
