// Signed-in people for the comments worker's tests: real user and reputation rows, and a token signed
// with the test AUTH_SECRET exactly as the gateway signs them (its session lives in the gateway's
// UserSessions object, which this worker never reads: only D1's ended_sessions).
import { env } from "cloudflare:test";
import { signToken } from "@unbiased/worker-shared/auth/tokens";
import { insertUser } from "@unbiased/worker-shared/testing/fixtures";

export const BASE = "https://comments.test";

export interface Person {
  id: string;
  name: string;
  email: string;
  sessionId: string;
  token: string;
  headers: Record<string, string>;
}

export async function person(
  options: { role?: "user" | "moderator" | "admin"; score?: number; banned?: boolean; name?: string } = {},
): Promise<Person> {
  const user = await insertUser(env.DB, {
    role: options.role ?? "user",
    ...(options.name ? { name: options.name } : {}),
  });
  const now = Date.now();
  const sessionId = crypto.randomUUID();
  const extras = [
    // A score asked for is the user's reputation row (a new account has none: ADR 022 step 27).
    ...(options.score === undefined
      ? []
      : [
          env.DB.prepare(
            "INSERT INTO user_reputation (user_id, score, updated_at) VALUES (?, ?, 0) ON CONFLICT (user_id) DO UPDATE SET score = excluded.score",
          ).bind(user.id, options.score),
        ]),
    ...(options.banned
      ? [
          env.DB.prepare(
            "INSERT INTO bans (id, user_id, ban_type, reason, banned_at) VALUES (?, ?, 'permanent', 'test', ?)",
          ).bind(crypto.randomUUID(), user.id, now),
        ]
      : []),
  ];
  if (extras.length > 0) await env.DB.batch(extras);
  const token = await signToken(env.AUTH_SECRET, { sub: user.id, sid: sessionId, kind: "access", sst: now }, 3600);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    sessionId,
    token,
    headers: { Authorization: `Bearer ${token}`, "content-type": "application/json" },
  };
}

export async function call(method: string, path: string, who?: Person | null, body?: unknown) {
  const res = await fetchSelf(method, path, who, body);
  // biome-ignore lint/suspicious/noExplicitAny: tests read response fields directly and assert on them.
  const json = (await res.json()) as { success: boolean; data?: any; error?: string };
  return { status: res.status, headers: res.headers, ...json };
}

async function fetchSelf(method: string, path: string, who?: Person | null, body?: unknown) {
  const { SELF } = await import("cloudflare:test");
  return SELF.fetch(`${BASE}${path}`, {
    method,
    headers: who ? who.headers : { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function setScore(userId: string, score: number) {
  await env.DB.prepare(
    "INSERT INTO user_reputation (user_id, score, updated_at) VALUES (?, ?, 0) ON CONFLICT (user_id) DO UPDATE SET score = excluded.score",
  )
    .bind(userId, score)
    .run();
}

export async function scoreOf(userId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT score FROM user_reputation WHERE user_id = ?").bind(userId).first<{
    score: number;
  }>();
  return row?.score ?? 0;
}

export async function statusOf(commentId: string) {
  return env.DB.prepare("SELECT status, status_reason AS reason FROM comments WHERE id = ?")
    .bind(commentId)
    .first<{ status: string; reason: string | null }>();
}
