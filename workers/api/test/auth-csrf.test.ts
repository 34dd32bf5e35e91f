// CSRF on the endpoints a cookie alone can drive: JSON only, and a browser that says the request
// came from another site is refused. Requests without Origin/Sec-Fetch-Site (curl, scripts) pass.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, devSignIn } from "./support/session.ts";

const COOKIE_ENDPOINTS = [
  "/api/auth/dev",
  "/api/auth/dev/start",
  "/api/auth/google",
  "/api/auth/exchange",
  "/api/auth/refresh",
  "/api/auth/logout",
];

const post = (path: string, headers: Record<string, string>, body = JSON.stringify({ role: "user" })) =>
  SELF.fetch(`${BASE}${path}`, { method: "POST", headers, body });

describe("cookie-authenticated auth endpoints refuse cross-site requests", () => {
  it.each(COOKIE_ENDPOINTS)("%s: text/plain and form posts get 415", async (path) => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await post(path, { "content-type": type });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ success: false, error: "Content-Type must be application/json" });
    }
    expect((await post(path, {})).status).toBe(415);
  });

  it.each(COOKIE_ENDPOINTS)("%s: another site's Origin or Sec-Fetch-Site gets 403", async (path) => {
    const json = { "content-type": "application/json" };
    const refusals: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Origin: "http://127.0.0.1", "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of refusals) {
      const res = await post(path, { ...json, ...headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ success: false, error: "Cross-site request refused" });
    }
  });

  it("lets the app's own pages (same origin) and scripts without those headers through", async () => {
    const json = { "content-type": "application/json; charset=utf-8" };
    expect(
      (await post("/api/auth/dev", { ...json, Origin: "http://127.0.0.1", "Sec-Fetch-Site": "same-origin" })).status,
    ).toBe(200);
    // The configured app origin (APP_ORIGIN) counts as this site too.
    expect((await post("/api/auth/dev", { ...json, Origin: "http://127.0.0.1:8787" })).status).toBe(200);
    expect((await post("/api/auth/dev", json)).status).toBe(200);
    const { refreshCookie } = await devSignIn("user", "Same Origin Sue");
    const res = await post(
      "/api/auth/refresh",
      { ...json, Cookie: refreshCookie!, "Sec-Fetch-Site": "same-origin" },
      "{}",
    );
    expect(res.status).toBe(200);
  });
});
