import { env, SELF } from "cloudflare:test";
import { generateKeyPair } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { signInThroughProvider as signInThroughProviderOf } from "./support/google-flow.ts";
import { LocalOidcProvider, type Person, PROVIDER } from "./support/oidc-provider.ts";
import { BASE, bearer, postJson, refreshCookieFrom } from "./support/session.ts";

let provider: LocalOidcProvider;
beforeAll(async () => {
  provider = await LocalOidcProvider.start();
});

const person = (n: string): Person => ({
  sub: `google-${n}`,
  email: `${n}@gmail.example`,
  name: `Person ${n}`,
  picture: `https://images.example/${n}.png`,
});

const signInThroughProvider = (who: Person, tamper: { state?: string; dropCookies?: boolean } = {}) =>
  signInThroughProviderOf(provider, who, tamper);

describe("Google sign-in (authorization code + PKCE + state + nonce)", () => {
  it("starts with unguessable, browser-bound state, verifier and nonce cookies", async () => {
    const start = await SELF.fetch(`${BASE}/api/auth/google/start`, { redirect: "manual" });
    const location = new URL(start.headers.get("Location")!);
    expect(location.origin).toBe(PROVIDER);
    expect(location.searchParams.get("redirect_uri")).toBe("http://127.0.0.1:8787/api/auth/google/callback");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    expect(location.searchParams.get("state")!.length).toBeGreaterThanOrEqual(32);
    expect(location.searchParams.get("nonce")!.length).toBeGreaterThanOrEqual(24);
    const cookies = start.headers.getSetCookie();
    for (const name of ["oauth_state", "oauth_verifier", "oauth_nonce"]) {
      const cookie = cookies.find((c) => c.startsWith(`${name}=`));
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Max-Age=600/);
    }
  });

  it("completes a full sign-in: the callback page gets a single-use code that this browser exchanges", async () => {
    const who = person("alice");
    const { callback, cookies } = await signInThroughProvider(who);
    expect(callback.status).toBe(302);
    const target = new URL(callback.headers.get("Location")!);
    expect(target.origin + target.pathname).toBe("http://127.0.0.1:8787/auth/google/callback");
    const code = target.searchParams.get("token")!;
    // No bearer token in the address, and no session yet: nothing usable leaks through history or logs.
    expect((await SELF.fetch(`${BASE}/api/auth/verify`, { headers: bearer(code) })).status).toBe(401);
    expect(callback.headers.getSetCookie().some((c) => c.startsWith("unbiased_refresh="))).toBe(false);

    const signInCookie = cookies.find((c) => c.startsWith("unbiased_signin="))!.split(";")[0]!;
    const res = await postJson("/api/auth/exchange", { Cookie: signInCookie }, { code });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { token: string } };
    expect(refreshCookieFrom(res)).not.toBeNull();
    const me = await SELF.fetch(`${BASE}/api/auth/verify`, { headers: bearer(data.token) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      success: true,
      data: { user: { email: who.email, name: who.name, picture: who.picture, role: "user" } },
    });
    // Replayed, or opened in a browser that did not start this sign-in: refused.
    expect((await postJson("/api/auth/exchange", { Cookie: signInCookie }, { code })).status).toBe(401);
  });

  it("refuses a code that Google's callback issued to another browser", async () => {
    const { callback } = await signInThroughProvider(person("victor"));
    const code = new URL(callback.headers.get("Location")!).searchParams.get("token")!;
    const otherBrowser = await SELF.fetch(`${BASE}/api/auth/google/start`, { redirect: "manual" });
    const otherCookie = otherBrowser.headers
      .getSetCookie()
      .find((c) => c.startsWith("unbiased_signin="))!
      .split(";")[0]!;
    expect((await postJson("/api/auth/exchange", { Cookie: otherCookie }, { code })).status).toBe(401);
    expect((await postJson("/api/auth/exchange", {}, { code })).status).toBe(401);
  });

  it("identifies a returning user by sub, keeping their role", async () => {
    const who = person("bob");
    await signInThroughProvider(who);
    await env.DB.prepare("UPDATE users SET role = 'moderator' WHERE google_sub = ?").bind(who.sub).run();
    await signInThroughProvider({ ...who, name: "Bob Renamed" });
    const rows = await env.DB.prepare("SELECT name, role FROM users WHERE google_sub = ?").bind(who.sub).all();
    expect(rows.results).toEqual([{ name: "Bob Renamed", role: "moderator" }]);
  });

  it("makes the configured bootstrap e-mails admins", async () => {
    await signInThroughProvider({ sub: "google-founder", email: "founder@unbiased247.example", name: "Founder" });
    expect(await env.DB.prepare("SELECT role FROM users WHERE google_sub = 'google-founder'").first()).toEqual({
      role: "admin",
    });
  });

  it("refuses a callback whose state does not match, or without the flow cookies", async () => {
    for (const tamper of [{ state: "forged-state" }, { dropCookies: true }]) {
      const { callback } = await signInThroughProvider(person("mallory"), tamper);
      const target = new URL(callback.headers.get("Location")!);
      expect(target.pathname).toBe("/auth/google/callback");
      expect(target.searchParams.get("token")).toBeNull();
      expect(target.searchParams.get("error")).toBe("login_failed");
    }
  });
});

describe("POST /api/auth/google {idToken}", () => {
  /** A nonce issued to one browser (its cookie) by GET /api/auth/google/nonce. */
  async function issuedNonce() {
    const res = await SELF.fetch(`${BASE}/api/auth/google/nonce`);
    expect(res.status).toBe(200);
    const { nonce } = ((await res.json()) as { data: { nonce: string } }).data;
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("google_nonce="))!
      .split(";")[0]!;
    return { nonce, cookie };
  }
  const post = (idToken: unknown, cookie?: string) =>
    postJson("/api/auth/google", cookie ? { Cookie: cookie } : {}, { idToken });

  it("signs in with a valid ID token carrying the nonce issued to this browser", async () => {
    const { nonce, cookie } = await issuedNonce();
    const res = await post(await provider.idToken(person("carol"), { nonce }), cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      data: { user: { email: "carol@gmail.example" }, token: expect.any(String) },
    });
  });

  it("refuses an ID token without a server-issued nonce, or with another browser's", async () => {
    const { nonce, cookie } = await issuedNonce();
    const other = await issuedNonce();
    const cases = {
      noNonceAtAll: await post(await provider.idToken(person("nina"))),
      nonceButNoCookie: await post(await provider.idToken(person("nina"), { nonce })),
      cookieButNoNonceClaim: await post(await provider.idToken(person("nina")), cookie),
      anotherBrowsersNonce: await post(await provider.idToken(person("nina"), { nonce: other.nonce }), cookie),
    };
    for (const [kind, res] of Object.entries(cases)) {
      expect(res.status, kind).toBe(401);
      expect(await res.json(), kind).toEqual({ success: false, error: "Invalid ID token" });
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'nina@gmail.example'").first()).toEqual({
      n: 0,
    });
  });

  it("refuses forged, expired, wrong-audience, wrong-issuer and unverified-e-mail tokens with 401", async () => {
    const { privateKey: otherKey } = await generateKeyPair("RS256");
    const { nonce, cookie } = await issuedNonce();
    const bad = {
      forged: await provider.idToken(person("eve"), { nonce }, otherKey),
      expired: await provider.idToken(person("eve"), { nonce, expiresIn: -60 }),
      wrongAudience: await provider.idToken(person("eve"), { nonce, aud: "someone-else" }),
      wrongIssuer: await provider.idToken(person("eve"), { nonce, iss: "https://evil.example" }),
      // An address the provider has not verified must not create or link an account by e-mail.
      unverifiedEmail: await provider.idToken(person("eve"), { nonce, emailVerified: false }),
      unverifiedAsText: await provider.idToken(person("eve"), { nonce, emailVerified: "false" }),
      noVerificationClaim: await provider.idToken(person("eve"), { nonce, emailVerified: undefined }),
    };
    for (const [kind, token] of Object.entries(bad)) {
      const res = await post(token, cookie);
      expect(res.status, kind).toBe(401);
      expect(await res.json(), kind).toEqual({ success: false, error: "Invalid ID token" });
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'eve@gmail.example'").first()).toEqual({
      n: 0,
    });
  });

  it("refuses a missing ID token with 400", async () => {
    const res = await post(undefined);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: "idToken is required" });
  });
});

describe("nonce binding", () => {
  it("refuses a callback whose ID token carries another nonce than this browser's", async () => {
    const start = await SELF.fetch(`${BASE}/api/auth/google/start`, { redirect: "manual" });
    const cookieHeader = start.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // Same state and PKCE challenge, but the provider is told another nonce (a replayed ID token).
    const tampered = new URL(start.headers.get("Location")!);
    tampered.searchParams.set("nonce", "nonce-of-another-session");
    const { code, state } = provider.authorize(tampered.href, person("replay"));
    const callback = await SELF.fetch(`${BASE}/api/auth/google/callback?code=${code}&state=${state}`, {
      redirect: "manual",
      headers: { Cookie: cookieHeader },
    });
    expect(new URL(callback.headers.get("Location")!).searchParams.get("error")).toBe("login_failed");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE google_sub = 'google-replay'").first()).toEqual({
      n: 0,
    });
  });
});
