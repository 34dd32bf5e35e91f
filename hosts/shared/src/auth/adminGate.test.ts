import { describe, expect, it } from "vitest";
import { ADMIN_SESSION_MS, hasAdminSession, readAdminToken, storeAdminSession } from "./adminGate.ts";
import { clearAdminSession } from "./adminSession.ts";

const LOGIN = Date.UTC(2026, 0, 15, 12, 0, 0);

describe("the admin session (spec §4: valid 24 h from login time)", () => {
  it("stores the token and the login time under the spec's keys", () => {
    storeAdminSession("admin-1", LOGIN);
    expect(localStorage.getItem("adminToken")).toBe("admin-1");
    expect(localStorage.getItem("adminLoginTime")).toBe(String(LOGIN));
  });

  it("is valid until just under 24 h after login", () => {
    storeAdminSession("admin-1", LOGIN);
    expect(readAdminToken(LOGIN)).toBe("admin-1");
    expect(readAdminToken(LOGIN + ADMIN_SESSION_MS - 1)).toBe("admin-1");
    expect(hasAdminSession(LOGIN + ADMIN_SESSION_MS - 1)).toBe(true);
  });

  it("expires at 24 h and is then cleared from storage", () => {
    storeAdminSession("admin-1", LOGIN);
    expect(readAdminToken(LOGIN + ADMIN_SESSION_MS)).toBeNull();
    expect(localStorage.getItem("adminToken")).toBeNull();
    expect(localStorage.getItem("adminLoginTime")).toBeNull();
  });

  it("treats a missing or unreadable login time, or one in the future, as no session", () => {
    localStorage.setItem("adminToken", "admin-1");
    expect(hasAdminSession(LOGIN)).toBe(false);
    localStorage.setItem("adminToken", "admin-1");
    localStorage.setItem("adminLoginTime", "yesterday");
    expect(hasAdminSession(LOGIN)).toBe(false);
    storeAdminSession("admin-1", LOGIN + 60_000);
    expect(hasAdminSession(LOGIN)).toBe(false);
  });

  it("clears on request", () => {
    storeAdminSession("admin-1", LOGIN);
    clearAdminSession();
    expect(hasAdminSession(LOGIN)).toBe(false);
  });
});
