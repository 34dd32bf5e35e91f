import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiFetch } from "../api/client.ts";
import { fail, ok, sampleUser, stubApi, verifyRoute } from "../test/fakeApi.ts";
import { AppToaster } from "../toast/AppToaster.tsx";
import { AuthProvider, useAuth } from "./AuthContext.tsx";
import { storeAdminSession } from "./adminGate.ts";

function AuthProbe() {
  const { user, loading, login, logout } = useAuth();
  return (
    <>
      <p data-testid="auth">{loading ? "loading" : (user?.name ?? "anonymous")}</p>
      <button type="button" onClick={() => void login("new").catch(() => {})}>
        login
      </button>
      <button type="button" onClick={logout}>
        logout
      </button>
    </>
  );
}

const renderProvider = () =>
  render(
    <AuthProvider>
      <AuthProbe />
      <AppToaster />
    </AuthProvider>,
  );

const authText = () => screen.getByTestId("auth").textContent;

describe("AuthProvider on start", () => {
  it("verifies the stored token and loads the user", async () => {
    localStorage.setItem("token", "t1");
    stubApi({ "GET /api/auth/verify": verifyRoute("t1", sampleUser("user")) });
    renderProvider();
    expect(authText()).toBe("loading");
    await waitFor(() => expect(authText()).toBe("Sam user"));
  });

  it("refreshes an expired token before giving up", async () => {
    localStorage.setItem("token", "stale");
    stubApi({
      "GET /api/auth/verify": verifyRoute("fresh", sampleUser("user")),
      "POST /api/auth/refresh": ok({ token: "fresh" }),
    });
    renderProvider();
    await waitFor(() => expect(authText()).toBe("Sam user"));
    expect(localStorage.getItem("token")).toBe("fresh");
  });

  it("ends anonymous, quietly, when neither the token nor a refresh is accepted", async () => {
    localStorage.setItem("token", "stale");
    stubApi({
      "GET /api/auth/verify": fail(401, "Token expired"),
      "POST /api/auth/refresh": fail(401, "Session has ended. Please log in again."),
    });
    renderProvider();
    await waitFor(() => expect(authText()).toBe("anonymous"));
    expect(localStorage.getItem("token")).toBeNull();
    expect(screen.queryByText("Logged out successfully")).toBeNull();
  });
});

describe("AuthProvider login", () => {
  it("wins over a start-up check of an older token that is still in flight", async () => {
    localStorage.setItem("token", "old");
    let answerOld: () => void = () => {};
    const oldChecked = new Promise<void>((resolve) => (answerOld = resolve));
    stubApi({
      "GET /api/auth/verify": async (request) => {
        if (request.token === "new") return ok({ user: sampleUser("admin") });
        await oldChecked;
        return fail(401, "Token expired");
      },
      "POST /api/auth/refresh": fail(401, "Session has ended. Please log in again."),
    });
    renderProvider();

    fireEvent.click(screen.getByText("login"));
    await waitFor(() => expect(authText()).toBe("Sam admin"));
    await act(async () => answerOld());

    expect(authText()).toBe("Sam admin");
    expect(localStorage.getItem("token")).toBe("new");
  });
});

describe("AuthProvider logout", () => {
  it("closes the session on the server, forgets every token and says so", async () => {
    localStorage.setItem("token", "t1");
    storeAdminSession("admin-1");
    const requests = stubApi({
      "GET /api/auth/verify": verifyRoute("t1", sampleUser("admin")),
      "POST /api/auth/logout": ok({ loggedOut: true }),
    });
    renderProvider();
    await waitFor(() => expect(authText()).toBe("Sam admin"));

    fireEvent.click(screen.getByText("logout"));

    expect(authText()).toBe("anonymous");
    for (const key of ["token", "adminToken", "adminLoginTime"]) expect(localStorage.getItem(key)).toBeNull();
    expect(await screen.findByText("Logged out successfully")).toBeTruthy();
    expect(requests.find((r) => r.path === "/api/auth/logout")?.token).toBe("t1");
  });

  it("logs out when a later refresh is refused (spec §4)", async () => {
    localStorage.setItem("token", "t1");
    stubApi({
      "GET /api/auth/verify": verifyRoute("t1", sampleUser("user")),
      "GET /api/thing": fail(401, "Token expired"),
      "POST /api/auth/refresh": fail(401, "Session has ended. Please log in again."),
      "POST /api/auth/logout": ok({ loggedOut: true }),
    });
    renderProvider();
    await waitFor(() => expect(authText()).toBe("Sam user"));

    await act(() => apiFetch("/api/thing").catch(() => {}));

    expect(authText()).toBe("anonymous");
    expect(await screen.findByText("Logged out successfully")).toBeTruthy();
  });
});
