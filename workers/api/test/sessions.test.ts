import { env, SELF } from "cloudflare:test";
import { signToken } from "@unbiased/worker-shared/auth/tokens";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../src/auth/random.ts";
import { addressLimiter } from "../src/durable/address-limiter.ts";
import { MODME_TEST_PASSWORD } from "./support/oidc-config.ts";
import {
  BASE,
  bearer,
  claimsOf,
  d1Session,
  devSignIn,
  inUserSessions,
  postJson,
  refreshCookieFrom,
} from "./support/session.ts";

const refresh = (headers: Record<string, string>) => postJson("/api/auth/refresh", headers);
const logout = (headers: Record<string, string>) => postJson("/api/auth/logout", headers);
const verify = (token: string) => SELF.fetch(`${BASE}/api/auth/verify`, { headers: bearer(token) });
/**
 * A session kept in D1 (as before the UserSessions objects), and `sql` run with the SHA-256 of a token
 * of the kind from before the numbered line, the session's id and `more`: where the gateway before the
 * line kept that token (the session's row, or its spent list).
 */
async function sessionWithOldToken(name: string, oldToken: string, sql: string, more: unknown[] = []) {
  const { user } = await devSignIn("user", name);
  const { token, sessionId } = await d1Session(user.id, { generation: null });
  await env.DB.prepare(sql)
    .bind(await sha256Hex(oldToken), sessionId, ...more)
    .run();
  return token;
}

const clearsCookie = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("unbiased_refresh=;"));

describe("refresh (cookie only, rotating as a family)", () => {
  it("refreshes with the HttpOnly cookie, rotating it", async () => {
    const { refreshCookie } = await devSignIn("user", "Rotating Rita");
    const first = await refresh({ Cookie: refreshCookie! });
    expect(first.status).toBe(200);
    const { data } = (await first.json()) as { data: { token: string } };
    expect((await verify(data.token)).status).toBe(200);
    const next = refreshCookieFrom(first);
    expect(next).not.toBe(refreshCookie);
    expect((await refresh({ Cookie: next! })).status).toBe(200);
  });

  it("revokes the whole session when an already-rotated token comes back (RFC 9700 §4.14.2)", async () => {
    const { token, refreshCookie } = await devSignIn("user", "Leaky Lou");
    const rotated = await refresh({ Cookie: refreshCookie! });
    const newest = refreshCookieFrom(rotated)!;
    const { data } = (await rotated.json()) as { data: { token: string } };
    // The old token is replayed (say, by whoever copied it): refused, and the session ends.
    const replay = await refresh({ Cookie: refreshCookie! });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ success: false, error: "Session has ended. Please log in again." });
    // The legitimate holder's newest token is refused too, and so are both access tokens.
    expect((await refresh({ Cookie: newest })).status).toBe(401);
    expect((await verify(data.token)).status).toBe(401);
    expect((await verify(token)).status).toBe(401);
  });

  it("keeps the line's number in the user's object, and no token: neither sign-in nor refresh writes D1's session tables", async () => {
    const tables = () =>
      env.DB.prepare(
        "SELECT (SELECT count(*) FROM sessions) AS sessions, (SELECT count(*) FROM spent_refresh_tokens) AS spent, (SELECT count(*) FROM ended_sessions) AS ended",
      ).first();
    const before = await tables();
    const { token, refreshCookie, user } = await devSignIn("user", "Counting Cleo");
    const row = () =>
      inUserSessions(user.id, (sql) => sql.exec("SELECT * FROM sessions WHERE id = ?", claimsOf(token).sid).one());
    expect(await row()).toMatchObject({ generation: 0, ended_at: null });
    const first = await refresh({ Cookie: refreshCookie! });
    await refresh({ Cookie: refreshCookieFrom(first)! });
    expect(await row()).toMatchObject({ generation: 2, ended_at: null });
    expect(Object.values(await row()).join(" ")).not.toContain(refreshCookie!.split(".").at(-1));
    expect(await tables()).toEqual(before);
  });

  it("refuses a token the gateway did not sign, even of an earlier number, without ending the session", async () => {
    const { token, refreshCookie } = await devSignIn("user", "Forged Fay");
    const rotated = await refresh({ Cookie: refreshCookie! });
    const newest = refreshCookieFrom(rotated)!;
    const [userId, sessionId, , mac] = refreshCookie!.slice("unbiased_refresh=".length).split(".");
    const flipped = mac!.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    const other = (await devSignIn("user", "Other Olga")).user.id;
    // Generation 0 is already rotated away: signed, it would revoke the session; unsigned, it is refused
    // (another user's id, or none, changes what was signed).
    for (const forged of [
      `${userId}.${sessionId}.0.${flipped}`,
      `${userId}.${sessionId}.0.x`,
      `${userId}.${sessionId}.00.${mac}`,
      `${userId}.${sessionId}.0.${mac}.`,
      `${other}.${sessionId}.0.${mac}`,
      `${sessionId}.0.${mac}`,
      `.${sessionId}.0.${mac}`,
    ]) {
      const res = await refresh({ Cookie: `unbiased_refresh=${forged}` });
      expect(res.status, forged).toBe(401);
      expect((await logout({ Cookie: `unbiased_refresh=${forged}` })).status).toBe(200);
    }
    expect((await verify(token)).status).toBe(200);
    expect((await refresh({ Cookie: newest })).status).toBe(200);
  });

  it("of two refreshes with the same token at once, one rotates and the other ends the session", async () => {
    const { token, refreshCookie } = await devSignIn("user", "Twin Tabs");
    const answers = await Promise.all([refresh({ Cookie: refreshCookie! }), refresh({ Cookie: refreshCookie! })]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401]);
    expect((await verify(token)).status).toBe(401);
  });

  it("moves a session from before the numbered line into it; its old token presented again ends it", async () => {
    const legacy = "a-random-token-of-the-old-kind-0123456789abcd";
    const token = await sessionWithOldToken(
      "Legacy Lars",
      legacy,
      "UPDATE sessions SET refresh_hash = ?, refresh_generation = NULL WHERE id = ?",
    );
    const rotated = await refresh({ Cookie: `unbiased_refresh=${legacy}` });
    expect(rotated.status).toBe(200);
    expect(refreshCookieFrom(rotated)).toMatch(new RegExp(`^unbiased_refresh=${claimsOf(token).sid}\\.1\\.`));
    // The access token the refresh gave says when the session began, as the objects' sessions' do.
    const { data } = (await rotated.json()) as { data: { token: string } };
    expect(claimsOf(data.token).sst).toBeTypeOf("number");
    expect((await refresh({ Cookie: `unbiased_refresh=${legacy}` })).status).toBe(401);
    expect((await refresh({ Cookie: refreshCookieFrom(rotated)! })).status).toBe(401);
    expect((await verify(token)).status).toBe(401);
    expect((await verify(data.token)).status).toBe(401);
  });

  it("ends a session whose token the gateway before the line had rotated away (its spent list)", async () => {
    const spentToken = "a-token-the-old-gateway-rotated-away-0123456";
    const token = await sessionWithOldToken(
      "Spent Sam",
      spentToken,
      "INSERT INTO spent_refresh_tokens (hash, session_id, spent_at) VALUES (?, ?, ?)",
      [Date.now()],
    );
    expect((await refresh({ Cookie: `unbiased_refresh=${spentToken}` })).status).toBe(401);
    expect((await verify(token)).status).toBe(401);
  });

  it("refuses a bearer-only refresh, whether an access token or the ModMe admin token", async () => {
    const { token } = await devSignIn("moderator", "Bearer Bea");
    const gate = await postJson("/api/auth/modme", bearer(token), { password: MODME_TEST_PASSWORD });
    const { adminToken } = ((await gate.json()) as { data: { adminToken: string } }).data;
    for (const t of [token, adminToken]) {
      const res = await refresh(bearer(t));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ success: false, error: "Authentication required" });
    }
  });

  it("does not clear the refresh cookie of a request that did not carry it", async () => {
    const res = await refresh({});
    expect(res.status).toBe(401);
    const refreshCookies = (response: Response) =>
      response.headers.getSetCookie().filter((cookie) => cookie.startsWith("unbiased_refresh="));
    expect(refreshCookies(res)).toEqual([]);
    const out = await logout({});
    expect(out.status).toBe(200);
    expect(refreshCookies(out)).toEqual([]);
  });

  it("ends a session unused for the idle timeout (7 days), even within its 30 days", async () => {
    const { refreshCookie, user } = await devSignIn("user", "Idle Ida");
    const sevenDaysAgo = Date.now() - 7 * 24 * 3600_000;
    await inUserSessions(user.id, (sql) => sql.exec("UPDATE sessions SET last_used_at = ?", sevenDaysAgo + 60_000));
    const stillOpen = await refresh({ Cookie: refreshCookie! });
    expect(stillOpen.status).toBe(200);
    await inUserSessions(user.id, (sql) => sql.exec("UPDATE sessions SET last_used_at = ?", sevenDaysAgo - 1));
    expect((await refresh({ Cookie: refreshCookieFrom(stillOpen)! })).status).toBe(401);
  });

  it("is rate limited per client address (429 with Retry-After), counted in its AddressLimiter, not D1", async () => {
    const { refreshCookie } = await devSignIn("user", "Hasty Hal");
    const address = "203.0.113.7";
    const key = `refresh:${address}`;
    // The address's window filled by other refreshes (each a hit in its bucket's object).
    for (let i = 0; i < RATE_LIMITS.refresh.limit; i++) await addressLimiter(env, key).hit(key, RATE_LIMITS.refresh);
    const res = await refresh({ Cookie: refreshCookie!, "CF-Connecting-IP": address });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refresh({ Cookie: refreshCookie!, "CF-Connecting-IP": "203.0.113.8" })).status).toBe(200);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'refresh:%'").first()).toEqual({
      n: 0,
    });
    // Once the window has ended the address starts a new one (and the ended one is gone).
    const later = Date.now() + RATE_LIMITS.refresh.windowMs + 1;
    expect(await addressLimiter(env, key).hit(key, RATE_LIMITS.refresh, later)).toEqual({
      count: 1,
      resetAt: later + RATE_LIMITS.refresh.windowMs,
    });
  });
});

describe("logout", () => {
  it("after logout, neither refresh nor the old access token works", async () => {
    const { token, refreshCookie } = await devSignIn("user", "Leaving Leo");
    const out = await logout({ ...bearer(token), Cookie: refreshCookie! });
    expect(out.status).toBe(200);
    expect(clearsCookie(out)).toBe(true);
    expect((await refresh({ Cookie: refreshCookie! })).status).toBe(401);
    const me = await verify(token);
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ success: false, error: "Session has ended. Please log in again." });
  });

  it("works with an expired access token when the cookie is there", async () => {
    const { token, refreshCookie } = await devSignIn("user", "Late Lena");
    const { sub, sid } = claimsOf(token);
    const expired = await signToken(env.AUTH_SECRET, { sub, sid, kind: "access" }, -60);
    const out = await logout({ ...bearer(expired), Cookie: refreshCookie! });
    expect(out.status).toBe(200);
    expect(clearsCookie(out)).toBe(true);
    expect((await refresh({ Cookie: refreshCookie! })).status).toBe(401);
    const row = await env.DB.prepare("SELECT revoked_at FROM sessions WHERE id = ?").bind(sid).first();
    expect(row?.revoked_at).not.toBeNull();
  });

  it("closes the session from the cookie alone", async () => {
    const { token, refreshCookie } = await devSignIn("user", "Cookie Cara");
    expect((await logout({ Cookie: refreshCookie! })).status).toBe(200);
    expect((await verify(token)).status).toBe(401);
  });

  it("keeps a banned user able to sign in and read their profile", async () => {
    const { token, user } = await devSignIn("user", "Banned Ben");
    await env.DB.prepare("INSERT INTO bans (id, user_id, ban_type, banned_at) VALUES ('ban-ben', ?, 'permanent', 1)")
      .bind(user.id)
      .run();
    expect((await verify(token)).status).toBe(200);
  });
});
