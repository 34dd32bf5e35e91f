// Helpers for tests that act as a signed-in person through the real API.
import { env, runInDurableObject, SELF } from "cloudflare:test";
import { signToken } from "@unbiased/worker-shared/auth/tokens";
import { SESSION_TTL_MS } from "@unbiased/worker-shared/contracts/auth";
import { refreshTokenFor } from "../../src/auth/refresh-token.ts";

export const BASE = "http://127.0.0.1";

export async function devSignIn(role: "user" | "moderator" | "admin", name?: string) {
  const res = await SELF.fetch(`${BASE}/api/auth/dev`, {
    method: "POST",
    body: JSON.stringify({ role, name }),
    headers: { "content-type": "application/json" },
  });
  if (!res.ok) throw new Error(`dev sign-in failed: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { user: { id: string; email: string }; token: string } };
  return { ...data, refreshCookie: refreshCookieFrom(res) };
}

export function refreshCookieFrom(res: Response): string | null {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("unbiased_refresh="));
  return cookie ? cookie.split(";")[0]! : null;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function banUser(userId: string, type: "permanent" | "temporary" = "permanent") {
  const expiresAt = type === "temporary" ? Date.now() + 3600_000 : null;
  await env.DB.prepare(
    "INSERT INTO bans (id, user_id, ban_type, reason, banned_at, expires_at) VALUES (?, ?, ?, 'test ban', ?, ?)",
  )
    .bind(crypto.randomUUID(), userId, type, Date.now(), expiresAt)
    .run();
}

/** A JSON POST to an auth endpoint, as the app's own pages send it (no Origin: like curl). */
export const postJson = (path: string, headers: Record<string, string> = {}, body: unknown = {}) =>
  SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  });

/** The Cookie header that sends back every cookie a response set (name=value only). */
export const cookiesFrom = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");

/** Claims of a token, unverified (tests only). */
export const claimsOf = (token: string) =>
  JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as {
    sub: string;
    sid: string;
    sst?: number;
  };

/** Runs `change` on the storage of the user's UserSessions object (to age a session, as time would). */
export async function inUserSessions<T>(userId: string, change: (sql: SqlStorage) => T): Promise<T> {
  const stub = env.USER_SESSIONS.get(env.USER_SESSIONS.idFromName(userId));
  return runInDurableObject(stub, (_instance, state) => change(state.storage.sql));
}

/**
 * A session as the gateway kept them in D1 before the UserSessions objects, with the tokens it issued
 * then: an access token that does not say when the session began, a refresh token without the user id.
 */
export async function d1Session(userId: string, { generation = 0 as number | null, createdAt = Date.now() } = {}) {
  const sessionId = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO sessions (id, user_id, refresh_generation, created_at, expires_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(sessionId, userId, generation, createdAt, createdAt + SESSION_TTL_MS, createdAt)
    .run();
  const token = await signToken(env.AUTH_SECRET, { sub: userId, sid: sessionId, kind: "access" }, 900);
  const refresh = generation === null ? null : await refreshTokenFor(env.AUTH_SECRET, { sessionId, generation });
  return { sessionId, token, refreshCookie: refresh && `unbiased_refresh=${refresh}` };
}
