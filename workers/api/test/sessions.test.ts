import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, bearer, devSignIn, refreshCookieFrom } from "./support/session.ts";

const refresh = (headers: Record<string, string>) =>
  SELF.fetch(`${BASE}/api/auth/refresh`, { method: "POST", headers });
const logout = (headers: Record<string, string>) => SELF.fetch(`${BASE}/api/auth/logout`, { method: "POST", headers });
const verify = (token: string) => SELF.fetch(`${BASE}/api/auth/verify`, { headers: bearer(token) });

describe("refresh and logout", () => {
  it("refreshes with the HttpOnly cookie, rotating it so the old one no longer works", async () => {
    const { refreshCookie } = await devSignIn("user", "Rotating Rita");
    const first = await refresh({ Cookie: refreshCookie! });
    expect(first.status).toBe(200);
    const { data } = (await first.json()) as { data: { token: string } };
    expect((await verify(data.token)).status).toBe(200);
    const next = refreshCookieFrom(first);
    expect(next).not.toBe(refreshCookie);
    expect((await refresh({ Cookie: refreshCookie! })).status).toBe(401);
    expect((await refresh({ Cookie: next! })).status).toBe(200);
  });

  it("refreshes with a still-valid bearer token, as the spec's client sends it", async () => {
    const { token } = await devSignIn("user", "Bearer Bea");
    const res = await refresh(bearer(token));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { token: expect.any(String) } });
  });

  it("after logout, neither refresh nor the old access token works", async () => {
    const { token, refreshCookie } = await devSignIn("user", "Leaving Leo");
    const out = await logout(bearer(token));
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => c.startsWith("unbiased_refresh=;"))).toBe(true);
    expect((await refresh({ Cookie: refreshCookie! })).status).toBe(401);
    expect((await refresh(bearer(token))).status).toBe(401);
    const me = await verify(token);
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ success: false, error: "Session has ended. Please log in again." });
  });

  it("refuses refresh with nothing to go on", async () => {
    const res = await refresh({});
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: "Authentication required" });
  });

  it("keeps a banned user able to sign in and read their profile", async () => {
    const { token, user } = await devSignIn("user", "Banned Ben");
    await env.DB.prepare("INSERT INTO bans (id, user_id, ban_type, banned_at) VALUES ('ban-ben', ?, 'permanent', 1)")
      .bind(user.id)
      .run();
    expect((await verify(token)).status).toBe(200);
  });
});
