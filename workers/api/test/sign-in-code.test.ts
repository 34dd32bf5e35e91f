// The sign-in callback carries a single-use code bound to the browser that started the sign-in,
// never a bearer token (docs/decisions/009-auth-hardening.md). Here through the development sign-in's
// start; google-sign-in.test.ts runs the same exchange after Google's callback.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, bearer, cookiesFrom, postJson, refreshCookieFrom } from "./support/session.ts";

/** One browser starting a sign-in: its sign-in cookie and the code from the callback address. */
async function startDevSignIn(name: string) {
  const res = await postJson("/api/auth/dev/start", {}, { role: "user", name });
  expect(res.status).toBe(200);
  const { callbackUrl } = ((await res.json()) as { data: { callbackUrl: string } }).data;
  const url = new URL(callbackUrl, BASE);
  expect(url.pathname).toBe("/auth/google/callback");
  return { cookie: cookiesFrom(res), code: url.searchParams.get("token")!, setCookies: res.headers.getSetCookie() };
}

const exchange = (code: string, cookie?: string) =>
  postJson("/api/auth/exchange", cookie ? { Cookie: cookie } : {}, { code });

describe("sign-in code exchange", () => {
  it("sets an HttpOnly sign-in cookie and trades the code, once, for the session", async () => {
    const browser = await startDevSignIn("Code Carla");
    const signInCookie = browser.setCookies.find((c) => c.startsWith("unbiased_signin="))!;
    expect(signInCookie).toMatch(/HttpOnly/);
    expect(signInCookie).toMatch(/Path=\/api\/auth/);
    expect(signInCookie).toMatch(/SameSite=Lax/);
    // The address carries no bearer token: the code is not a JWT and does not authenticate.
    expect(browser.code.split(".")).toHaveLength(1);
    expect((await SELF.fetch(`${BASE}/api/auth/verify`, { headers: bearer(browser.code) })).status).toBe(401);

    const res = await exchange(browser.code, browser.cookie);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { user: { name: string }; token: string } };
    expect(data.user.name).toBe("Code Carla");
    expect(refreshCookieFrom(res)).not.toBeNull();
    expect(res.headers.getSetCookie().some((c) => c.startsWith("unbiased_signin=;"))).toBe(true);
    expect((await SELF.fetch(`${BASE}/api/auth/verify`, { headers: bearer(data.token) })).status).toBe(200);
  });

  it("refuses a replayed code", async () => {
    const browser = await startDevSignIn("Replay Rob");
    expect((await exchange(browser.code, browser.cookie)).status).toBe(200);
    const again = await exchange(browser.code, browser.cookie);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ success: false, error: "Sign-in code is invalid or expired" });
  });

  it("refuses a code opened in another browser (without, or with another, sign-in cookie)", async () => {
    const victim = await startDevSignIn("Victim Vera");
    const attacker = await startDevSignIn("Attacker Abe");
    // A link carrying the attacker's code signs nobody in elsewhere…
    expect((await exchange(attacker.code)).status).toBe(401);
    expect((await exchange(attacker.code, victim.cookie)).status).toBe(401);
    // …and those attempts did not burn it for the browser that started the sign-in.
    expect((await exchange(attacker.code, attacker.cookie)).status).toBe(200);
  });

  it("refuses an expired code (older than a minute)", async () => {
    const browser = await startDevSignIn("Slow Sam");
    await env.DB.prepare("UPDATE sign_in_codes SET expires_at = ?")
      .bind(Date.now() - 1)
      .run();
    expect((await exchange(browser.code, browser.cookie)).status).toBe(401);
  });

  it("refuses a forged code", async () => {
    const browser = await startDevSignIn("Forger Fay");
    expect((await exchange("forged-code-0123456789", browser.cookie)).status).toBe(401);
  });
});
