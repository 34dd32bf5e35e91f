// People for the votes worker's tests: real user rows and tokens signed with the test secret, exactly
// what the gateway's sign-in would issue (the votes worker has no sign-in of its own; the sessions live
// in the gateway's UserSessions objects, and this worker reads only D1's ended_sessions).
import { env, SELF } from "cloudflare:test";
import { signToken } from "@unbiased/worker-shared/auth/tokens";
import { insertUser } from "@unbiased/worker-shared/testing/fixtures";

export const BASE = "https://votes.test";

export interface Person {
  id: string;
  token: string;
  adminToken: string;
}

export async function signedInUser(role: "user" | "moderator" | "admin" = "user"): Promise<Person> {
  const user = await insertUser(env.DB, { role });
  const sessionId = crypto.randomUUID();
  const claims = { sub: user.id, sid: sessionId, sst: Date.now() };
  return {
    id: user.id,
    token: await signToken(env.AUTH_SECRET, { ...claims, kind: "access" }, 900),
    adminToken: await signToken(env.AUTH_SECRET, { ...claims, kind: "admin" }, 900),
  };
}

export async function ban(userId: string): Promise<void> {
  await env.DB.prepare(
    "INSERT INTO bans (id, user_id, ban_type, reason, banned_at, expires_at) VALUES (?, ?, 'permanent', 'test ban', ?, NULL)",
  )
    .bind(crypto.randomUUID(), userId, Date.now())
    .run();
}

export function call(path: string, init: { method?: string; token?: string; body?: unknown; ip?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.ip) headers["CF-Connecting-IP"] = init.ip;
  return SELF.fetch(`${BASE}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** Waits for a condition that the queue consumer makes true a moment later (it runs for real here). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
