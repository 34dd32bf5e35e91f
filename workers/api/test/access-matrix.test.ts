// Every route that changes data or is staff-only, called as each kind of caller: the status must be
// exactly what spec §6 allows. Later issues add their routes to ROUTES.
import { SELF, env } from "cloudflare:test";
import { insertArticle, insertUser } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { MODME_TEST_PASSWORD } from "./support/oidc-config.ts";
import { BASE, banUser, bearer, devSignIn } from "./support/session.ts";

type Caller = "anonymous" | "user" | "banned" | "moderator" | "admin";
const CALLERS: Caller[] = ["anonymous", "user", "banned", "moderator", "admin"];

interface MatrixRoute {
  method: string;
  path: string;
  body?: unknown;
  expect: Record<Caller, number>;
  /** A ModMe API: staff callers send the admin token from the password gate (a plain token gets 403). */
  modme?: boolean;
  /** Puts the target back in the state the route needs before each caller (e.g. re-approves a comment). */
  before?: () => Promise<void>;
}

const approveMatrixComment = async () => {
  await env.DB.prepare(
    "UPDATE comments SET status = 'approved', status_reason = NULL WHERE id = 'matrix-comment'",
  ).run();
};

const pendMatrixComment = async () => {
  await env.DB.prepare("UPDATE comments SET status = 'pending' WHERE id = 'matrix-pending'").run();
};

export const ROUTES: MatrixRoute[] = [
  {
    method: "GET",
    path: "/api/auth/verify",
    expect: { anonymous: 401, user: 200, banned: 200, moderator: 200, admin: 200 },
  },
  {
    method: "POST",
    path: "/api/auth/refresh",
    expect: { anonymous: 401, user: 200, banned: 200, moderator: 200, admin: 200 },
  },
  {
    method: "POST",
    path: "/api/auth/modme",
    body: { password: MODME_TEST_PASSWORD },
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 200, admin: 200 },
  },
  {
    method: "POST",
    path: "/api/articles/matrix-article/report",
    body: { reason: "Spam or misleading content" },
    expect: { anonymous: 401, user: 201, banned: 403, moderator: 201, admin: 201 },
  },
  {
    method: "POST",
    path: "/api/submissions/url",
    body: { url: "https://news.example/matrix-submission" },
    expect: { anonymous: 401, user: 202, banned: 403, moderator: 202, admin: 202 },
  },
  {
    method: "POST",
    path: "/api/articles/matrix-article/regenerate-summary",
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 200, admin: 200 },
  },
  {
    method: "POST",
    path: "/api/articles/matrix-article/regenerate-location",
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 200, admin: 200 },
  },
  {
    method: "POST",
    path: "/api/articles/matrix-article/regenerate-image",
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 200, admin: 200 },
  },
  {
    method: "PUT",
    path: "/api/articles/admin/matrix-article/hide",
    body: { reason: "Access matrix check" },
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 403, admin: 200 },
  },
  // ModMe APIs (issue 13): staff role and the gate's admin token.
  {
    method: "GET",
    path: "/api/articles/admin/reports",
    modme: true,
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 200, admin: 200 },
  },
  {
    method: "PUT",
    path: "/api/articles/admin/reports/no-such-report/dismiss",
    modme: true,
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 404, admin: 404 },
  },
  {
    method: "GET",
    path: "/api/comments/admin/bans",
    modme: true,
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 200, admin: 200 },
  },
  {
    method: "PUT",
    path: "/comments/admin/unban/no-such-user",
    modme: true,
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 404, admin: 404 },
  },
  {
    method: "GET",
    path: "/api/comments/admin/reports",
    modme: true,
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/api/comments/admin/users",
    modme: true,
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/api/comments/admin/queue/status",
    modme: true,
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/api/comments/admin/pending",
    modme: true,
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 200, admin: 200 },
  },
  {
    method: "PUT",
    path: "/api/comments/matrix-pending/approve",
    modme: true,
    before: pendMatrixComment,
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 200, admin: 200 },
  },
  {
    method: "PUT",
    path: "/api/comments/matrix-pending/reject",
    body: { banType: "none", reason: "Access matrix check" },
    modme: true,
    before: pendMatrixComment,
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 200, admin: 200 },
  },
  {
    method: "PUT",
    path: "/api/comments/admin/user/matrix-author/reputation",
    body: { adjustment: 1, reason: "Access matrix check" },
    modme: true,
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 200, admin: 200 },
  },
  // Comments (comments worker behind the gateway).
  {
    method: "GET",
    path: "/api/comments/article/matrix-article",
    expect: { anonymous: 200, user: 200, banned: 200, moderator: 200, admin: 200 },
  },
  {
    method: "POST",
    path: "/api/comments/article/matrix-article",
    body: { content: "A comment from the access matrix" },
    expect: { anonymous: 401, user: 201, banned: 403, moderator: 201, admin: 201 },
  },
  {
    method: "POST",
    path: "/api/comments/matrix-comment/reply",
    body: { content: "A reply from the access matrix" },
    expect: { anonymous: 401, user: 201, banned: 403, moderator: 201, admin: 201 },
  },
  {
    method: "POST",
    path: "/api/comments/matrix-comment/vote",
    body: { voteType: "upvote" },
    expect: { anonymous: 401, user: 200, banned: 403, moderator: 200, admin: 200 },
  },
  {
    method: "DELETE",
    path: "/api/comments/matrix-comment/vote",
    expect: { anonymous: 401, user: 200, banned: 403, moderator: 200, admin: 200 },
  },
  {
    method: "POST",
    path: "/api/comments/matrix-comment/report",
    body: { reason: "Spam or misleading content" },
    expect: { anonymous: 401, user: 201, banned: 403, moderator: 201, admin: 201 },
  },
  {
    method: "PUT",
    path: "/api/comments/matrix-comment/deactivate",
    body: { reason: "Access matrix check" },
    before: approveMatrixComment,
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 200, admin: 200 },
  },
  {
    // Someone else's comment: only an admin may delete it (the author would get 200; see the comments worker's tests).
    method: "DELETE",
    path: "/api/comments/matrix-deletable",
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 403, admin: 200 },
  },
  {
    method: "DELETE",
    path: "/api/comments/matrix-doomed?permanent=true",
    expect: { anonymous: 401, user: 403, banned: 403, moderator: 403, admin: 200 },
  },
];

const tokens: Partial<Record<Caller, string>> = {};
/** Admin tokens from the password gate, for the staff callers that can pass it. */
const adminTokens: Partial<Record<Caller, string>> = {};

async function passGate(token: string): Promise<string> {
  const res = await SELF.fetch(`${BASE}/api/auth/modme`, {
    method: "POST",
    body: JSON.stringify({ password: MODME_TEST_PASSWORD }),
    headers: { "content-type": "application/json", ...bearer(token) },
  });
  const { data } = (await res.json()) as { data: { adminToken: string } };
  return data.adminToken;
}

beforeAll(async () => {
  await insertArticle(env.DB, { id: "matrix-article" });
  const author = await insertUser(env.DB, { id: "matrix-author", name: "Matrix Comment Author" });
  const now = Date.now();
  for (const id of ["matrix-comment", "matrix-deletable", "matrix-doomed", "matrix-pending"]) {
    await env.DB.prepare(
      "INSERT INTO comments (id, article_id, user_id, content, status, created_at, updated_at) VALUES (?, 'matrix-article', ?, ?, 'approved', ?, ?)",
    )
      .bind(id, author.id, `Comment ${id}`, now, now)
      .run();
  }
  tokens.user = (await devSignIn("user", "Matrix User")).token;
  tokens.moderator = (await devSignIn("moderator", "Matrix Moderator")).token;
  tokens.admin = (await devSignIn("admin", "Matrix Admin")).token;
  const banned = await devSignIn("moderator", "Matrix Banned");
  await banUser(banned.user.id, "temporary");
  tokens.banned = banned.token;
  adminTokens.moderator = await passGate(tokens.moderator);
  adminTokens.admin = await passGate(tokens.admin);
});

async function call(route: MatrixRoute, caller: Caller) {
  const token = (route.modme ? adminTokens[caller] : undefined) ?? tokens[caller];
  const headers: Record<string, string> = {
    "content-type": "application/json",
    ...(token ? bearer(token) : {}),
  };
  return SELF.fetch(`${BASE}${route.path}`, {
    method: route.method,
    headers,
    body: route.body === undefined ? undefined : JSON.stringify(route.body),
  });
}

describe("access matrix (spec §6, enforced on the server)", () => {
  const table: string[] = [
    "| route | " + CALLERS.join(" | ") + " |",
    "|---|" + CALLERS.map(() => "---").join("|") + "|",
  ];

  it.each(ROUTES)("$method $path", async (route) => {
    const seen: number[] = [];
    for (const caller of CALLERS) {
      await route.before?.();
      const res = await call(route, caller);
      seen.push(res.status);
      expect(res.status, `${route.method} ${route.path} as ${caller}`).toBe(route.expect[caller]);
      const body = (await res.json()) as { success: boolean; error?: string };
      // Refusals always carry a JSON error; successes never do.
      expect(body.success, `${caller} body`).toBe(res.status < 400);
      if (res.status >= 400) expect(typeof body.error).toBe("string");
    }
    table.push(`| ${route.method} ${route.path} | ${seen.join(" | ")} |`);
  });

  it("prints the matrix", () => {
    console.log(`\nAccess matrix (status per caller):\n${table.join("\n")}\n`);
    expect(table.length).toBe(ROUTES.length + 2);
  });
});
