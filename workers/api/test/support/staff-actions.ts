// Readers and staff acting through the real API, for the tests of what their actions leave for the
// public (the moderation log) and for reporters (their reports' outcomes).
import { env, SELF } from "cloudflare:test";
import { MODME_TEST_PASSWORD } from "./oidc-config.ts";
import { BASE, bearer, devSignIn } from "./session.ts";

export interface Person {
  id: string;
  email: string;
  name: string;
  token: string;
  /** The ModMe token (password gate), for staff; "" for readers. */
  adminToken: string;
}

export async function person(role: "user" | "moderator" | "admin", name: string): Promise<Person> {
  const { user, token } = await devSignIn(role, name);
  let adminToken = "";
  if (role !== "user") {
    const gate = await send("POST", "/api/auth/modme", token, { password: MODME_TEST_PASSWORD });
    adminToken = ((await gate.json()) as { data: { adminToken: string } }).data.adminToken;
  }
  return { id: user.id, email: user.email, name, token, adminToken };
}

export const send = (method: string, path: string, token: string | null, body?: unknown) =>
  SELF.fetch(`${BASE}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? bearer(token) : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A JSON answer, failing the test on an unexpected status. */
export async function expectJson<T>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const res = await response;
  const body = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${body}`);
  return JSON.parse(body) as T;
}

let comments = 0;

/** A comment row as the comments worker would hold it (written directly: its life so far is not the test). */
export async function commentBy(
  authorId: string,
  articleId: string,
  status: "approved" | "pending" = "approved",
): Promise<string> {
  const id = `comment-${++comments}`;
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO comments (id, article_id, user_id, content, status, created_at, updated_at, approved_at, in_approved_tab) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      id,
      articleId,
      authorId,
      `Words of ${id}`,
      status,
      now,
      now,
      status === "approved" ? now : null,
      status === "approved" ? 1 : 0,
    )
    .run();
  return id;
}

export const reportComment = (reader: Person, commentId: string, reason: string) =>
  expectJson(send("POST", `/api/comments/${commentId}/report`, reader.token, { reason }), 201);

export const reportArticle = (reader: Person, articleId: string, reason: string) =>
  expectJson(send("POST", `/api/articles/${articleId}/report`, reader.token, { reason }), 201);

export const hideArticle = (admin: Person, articleId: string, reason: string) =>
  expectJson(send("PUT", `/api/articles/admin/${articleId}/hide`, admin.token, { reason }));
