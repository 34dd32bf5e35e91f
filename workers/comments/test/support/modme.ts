// ModMe callers for the comments worker's tests: real users in D1 and signed tokens (the gateway issues
// them in production, its sessions in its UserSessions objects; this worker only verifies them), and a
// fetch that sends one.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { signToken } from "@unbiased/worker-shared/auth/tokens";
import type { Role } from "@unbiased/worker-shared/contracts/auth";
import { approvedTabSince } from "@unbiased/worker-shared/contracts/moderation";
import { createDb } from "@unbiased/worker-shared/db/client";
import { faultyD1 } from "@unbiased/worker-shared/testing/faulty-d1";
import { insertUser } from "@unbiased/worker-shared/testing/fixtures";
import worker from "../../src/index.ts";
import { logMonthsAfterMove, readModerationLog } from "../../src/storage/moderation-log-read.ts";

export const BASE = "https://comments.test";

export interface Caller {
  userId: string;
  name: string;
  email: string;
  /** The reader's access token. */
  access: string;
  /** The ModMe admin token from the password gate. */
  admin: string;
}

export async function signIn(role: Role, overrides: { name?: string; email?: string } = {}): Promise<Caller> {
  const user = await insertUser(env.DB, { role, ...overrides });
  const sid = crypto.randomUUID();
  const sst = Date.now();
  const sign = (kind: "access" | "admin") => signToken(env.AUTH_SECRET, { sub: user.id, sid, kind, sst }, 3600);
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    access: await sign("access"),
    admin: await sign("admin"),
  };
}

export async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await SELF.fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: test responses are checked field by field
  return { status: res.status, body: (await res.json()) as any };
}

export async function insertBan(
  userId: string,
  type: "temporary" | "permanent",
  options: { expiresAt?: number; bannedAt?: number } = {},
) {
  const bannedAt = options.bannedAt ?? Date.now();
  const expiresAt = type === "temporary" ? (options.expiresAt ?? bannedAt + 3600_000) : null;
  await env.DB.prepare(
    "INSERT INTO bans (id, user_id, ban_type, reason, banned_at, expires_at) VALUES (?, ?, ?, 'test ban', ?, ?)",
  )
    .bind(crypto.randomUUID(), userId, type, bannedAt, expiresAt)
    .run();
}

let commentCounter = 0;

/** A comment row as the comments API would have stored it. */
export async function insertComment(
  userId: string,
  articleId: string,
  fields: { status?: string; content?: string; createdAt?: number; approvedAt?: number | null; parentId?: string } = {},
) {
  const id = `comment-${++commentCounter}-${crypto.randomUUID().slice(0, 8)}`;
  const now = fields.createdAt ?? Date.now() - 60_000 + commentCounter;
  await env.DB.prepare(
    `INSERT INTO comments (id, article_id, user_id, parent_id, content, status, created_at, updated_at, approved_at,
       in_approved_tab) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      articleId,
      userId,
      fields.parentId ?? null,
      fields.content ?? `A comment numbered ${commentCounter}`,
      fields.status ?? "pending",
      now,
      now,
      fields.approvedAt ?? (fields.status === "approved" ? now : null),
      // On ModMe's Approved tab as an approval of the last days is.
      fields.status === "approved" && (fields.approvedAt ?? now) >= approvedTabSince(Date.now()) ? 1 : 0,
    )
    .run();
  return id;
}

export async function insertReport(commentId: string, reporterId: string, reason = "Spam or misleading content") {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO comment_reports (id, comment_id, article_id, reporter_id, reason, created_at) SELECT ?, id, article_id, ?, ?, ? FROM comments WHERE id = ?",
  )
    .bind(id, reporterId, reason, Date.now(), commentId)
    .run();
  return id;
}

/** The moderation log's entries about this target, oldest first, read as the worker reads the log (its months' objects). */
export async function logEntries(targetId: string) {
  const db = createDb(env.DB);
  const query = { target: targetId };
  const { entries } = await readModerationLog(env, await logMonthsAfterMove(env, db), query, 0, 1000);
  return entries.reverse().map((entry) => ({
    actor_id: entry.actorId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    reason: entry.reason,
    details: entry.details,
  }));
}

/** A ModMe decision, with D1 down for the copy's batch (the thread's own calls reach it). */
export async function decideWithD1Down(commentId: string, token: string, decision = "approve", body?: unknown) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${BASE}/api/comments/${commentId}/${decision}`, {
      method: "PUT",
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { ...env, DB: faultyD1(env.DB, { failOn: /comment_status_copies/ }).db },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (await res.json()) as { error?: string } };
}
