// Every route that changes data or is staff-only, called as each kind of caller: the status must be
// exactly what spec §6 allows. Later issues add their routes to ROUTES.
// The token-kind columns ("moderator+gate", "admin+gate") call with the 24 h admin token from the
// ModMe password gate instead of the plain access token: it is accepted wherever the access token is,
// except refresh (cookie only). A ModMe API (requireAuth({ tokenKind: "admin" })) answers a plain
// access token with 403 'Admin access required' and the admin token with success.
import { env, SELF } from "cloudflare:test";
import { insertArticle, insertUser } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { MODME_TEST_PASSWORD } from "./support/oidc-config.ts";
import { BASE, banUser, bearer, devSignIn } from "./support/session.ts";

type Caller = "anonymous" | "user" | "banned" | "moderator" | "admin" | "moderator+gate" | "admin+gate";
const CALLERS: Caller[] = ["anonymous", "user", "banned", "moderator", "admin", "moderator+gate", "admin+gate"];

interface MatrixRoute {
  method: string;
  path: string;
  body?: unknown;
  /** "cookie": the caller's refresh cookie instead of a bearer token (the admin token has no cookie). */
  credential?: "cookie";
  expect: Record<Caller, number>;
  /** Puts the target back in the state the route needs before each caller (e.g. re-approves a comment). */
  before?: () => Promise<void>;
  /** A success is a file to download, not the envelope (docs/contracts.md § Responses); refusals still are. */
  file?: true;
}

let matrixCommentAuthor = "";

let matrixThreads = 0;

/**
 * (Re)creates a comment by another person in `status`, so each caller finds it in the same state. A
 * comment's status is its thread's (ADR 022 step 29), which a write to D1 cannot set back: each reset
 * puts the comment on a new article, whose thread has no record of it yet and takes D1's status.
 */
async function resetMatrixComment(id: string, status: "approved" | "pending" = "approved") {
  const now = Date.now();
  const articleId = (await insertArticle(env.DB, { id: `matrix-thread-${++matrixThreads}` })).id;
  await env.DB.prepare(
    `INSERT INTO comments (id, article_id, user_id, content, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET status = excluded.status, status_reason = NULL, article_id = excluded.article_id`,
  )
    .bind(id, articleId, matrixCommentAuthor, `Comment ${id}`, status, now, now)
    .run();
}

const pendMatrixComment = () => resetMatrixComment("matrix-pending", "pending");

export const ROUTES: MatrixRoute[] = [
  {
    method: "GET",
    path: "/api/auth/verify",
    expect: {
      anonymous: 401,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "POST",
    path: "/api/auth/refresh",
    credential: "cookie",
    expect: {
      anonymous: 401,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 401,
      "admin+gate": 401,
    },
  },
  {
    method: "POST",
    path: "/api/auth/modme",
    body: { password: MODME_TEST_PASSWORD },
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    // One's own data: any signed-in caller, a banned one too (ADR 017).
    method: "GET",
    path: "/api/auth/me/export",
    file: true,
    expect: {
      anonymous: 401,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    // Whether one is banned (the delete dialog says a ban outlives the account): any signed-in caller.
    method: "GET",
    path: "/api/auth/me/ban",
    expect: {
      anonymous: 401,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    // Without DELETE typed, so the matrix's people survive: past the access check, the body is refused.
    method: "DELETE",
    path: "/api/auth/me",
    body: { confirm: "no", comments: "keep" },
    expect: {
      anonymous: 401,
      user: 400,
      banned: 400,
      moderator: 400,
      admin: 400,
      "moderator+gate": 400,
      "admin+gate": 400,
    },
  },
  {
    method: "POST",
    path: "/api/articles/matrix-article/report",
    body: { reason: "Spam or misleading content" },
    expect: {
      anonymous: 401,
      user: 201,
      banned: 403,
      moderator: 201,
      admin: 201,
      "moderator+gate": 201,
      "admin+gate": 201,
    },
  },
  // ADR 017/018: a reader's own reports (banned readers may read theirs), and the public moderation log.
  {
    method: "GET",
    path: "/api/auth/me/reports",
    expect: {
      anonymous: 401,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    // Saved articles (ADR 025): one's own reading list, a banned reader's too.
    method: "PUT",
    path: "/api/auth/me/saved/matrix-article",
    expect: {
      anonymous: 401,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "POST",
    path: "/api/auth/me/saved/batch",
    body: { articleIds: ["matrix-article"] },
    expect: {
      anonymous: 401,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "GET",
    path: "/api/auth/me/saved",
    expect: {
      anonymous: 401,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "DELETE",
    path: "/api/auth/me/saved/matrix-article",
    expect: {
      anonymous: 401,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  // The inbox (ADR 026): one's own entries, a banned reader's too.
  {
    method: "GET",
    path: "/api/auth/me/inbox",
    expect: {
      anonymous: 401,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "GET",
    path: "/api/auth/me/inbox/unread",
    expect: {
      anonymous: 401,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "POST",
    path: "/api/auth/me/inbox/read",
    body: { all: true },
    expect: {
      anonymous: 401,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  // The daily digest's opt-in (ADR 026).
  {
    method: "GET",
    path: "/api/auth/me/digest",
    expect: {
      anonymous: 401,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "PUT",
    path: "/api/auth/me/digest",
    body: { subscribed: false },
    expect: {
      anonymous: 401,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "GET",
    path: "/api/moderation-log",
    expect: {
      anonymous: 200,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "POST",
    path: "/api/submissions/url",
    body: { url: "https://news.example/matrix-submission" },
    expect: {
      anonymous: 401,
      user: 202,
      banned: 403,
      moderator: 202,
      admin: 202,
      "moderator+gate": 202,
      "admin+gate": 202,
    },
  },
  {
    method: "POST",
    path: "/api/articles/matrix-article/regenerate-summary",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "POST",
    path: "/api/articles/matrix-article/regenerate-location",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "POST",
    path: "/api/articles/matrix-article/regenerate-image",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "PUT",
    // Its own article: the comment rows below act on matrix-article, which must stay visible.
    path: "/api/articles/admin/matrix-hidden-article/hide",
    body: { reason: "Access matrix check" },
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 200,
      "moderator+gate": 403,
      "admin+gate": 200,
    },
  },
  // ModMe APIs (ADR 012): staff role and the gate's admin token; a plain access token gets 403.
  {
    method: "GET",
    path: "/api/articles/admin/reports",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "PUT",
    path: "/api/articles/admin/reports/no-such-report/dismiss",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 404,
      "admin+gate": 404,
    },
  },
  {
    // Bans kept from deleted accounts (ADR 017): listed and lifted by staff through the gate only.
    method: "GET",
    path: "/api/comments/admin/bans/carried",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "DELETE",
    path: "/api/comments/admin/bans/carried/no-such-ban",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 404,
      "admin+gate": 404,
    },
  },
  {
    method: "GET",
    path: "/api/comments/admin/bans",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "PUT",
    path: "/comments/admin/unban/no-such-user",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 404,
      "admin+gate": 404,
    },
  },
  {
    method: "GET",
    path: "/api/comments/admin/reports",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "GET",
    path: "/api/comments/admin/users",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "GET",
    path: "/api/comments/admin/queue/status",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    // Sends the dead-lettered jobs again (none here): a ModMe API like the queue pages it belongs to.
    method: "POST",
    path: "/api/comments/admin/queue/replay",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    // Sends the dead-lettered jobs again (none here): a ModMe API like the queue pages it belongs to.
    method: "POST",
    path: "/api/votes/queue/replay",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "GET",
    path: "/api/comments/admin/pending",
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "PUT",
    path: "/api/comments/matrix-pending/approve",
    before: pendMatrixComment,
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "PUT",
    path: "/api/comments/matrix-pending/reject",
    body: { banType: "none", reason: "Access matrix check" },
    before: pendMatrixComment,
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "PUT",
    path: "/api/comments/admin/user/matrix-author/reputation",
    body: { adjustment: 1, reason: "Access matrix check" },
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 403,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  // Comments (comments worker behind the gateway).
  {
    method: "GET",
    path: "/api/comments/article/matrix-article",
    expect: {
      anonymous: 200,
      user: 200,
      banned: 200,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "POST",
    path: "/api/comments/article/matrix-article",
    body: { content: "A comment from the access matrix" },
    expect: {
      anonymous: 401,
      user: 201,
      banned: 403,
      moderator: 201,
      admin: 201,
      "moderator+gate": 201,
      "admin+gate": 201,
    },
  },
  {
    method: "POST",
    path: "/api/comments/matrix-comment/reply",
    body: { content: "A reply from the access matrix" },
    expect: {
      anonymous: 401,
      user: 201,
      banned: 403,
      moderator: 201,
      admin: 201,
      "moderator+gate": 201,
      "admin+gate": 201,
    },
  },
  {
    method: "POST",
    path: "/api/comments/matrix-comment/vote",
    body: { voteType: "upvote" },
    expect: {
      anonymous: 401,
      user: 200,
      banned: 403,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "DELETE",
    path: "/api/comments/matrix-comment/vote",
    expect: {
      anonymous: 401,
      user: 200,
      banned: 403,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    method: "POST",
    path: "/api/comments/matrix-comment/report",
    body: { reason: "Spam or misleading content" },
    expect: {
      anonymous: 401,
      user: 201,
      banned: 403,
      moderator: 201,
      admin: 201,
      "moderator+gate": 201,
      "admin+gate": 201,
    },
  },
  {
    method: "PUT",
    path: "/api/comments/matrix-comment/deactivate",
    body: { reason: "Access matrix check" },
    before: () => resetMatrixComment("matrix-comment"),
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 200,
      admin: 200,
      "moderator+gate": 200,
      "admin+gate": 200,
    },
  },
  {
    // Someone else's comment: only an admin may delete it (the author would get 200; see the comments worker's tests).
    method: "DELETE",
    path: "/api/comments/matrix-deletable",
    before: () => resetMatrixComment("matrix-deletable"),
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 200,
      "moderator+gate": 403,
      "admin+gate": 200,
    },
  },
  {
    method: "DELETE",
    path: "/api/comments/matrix-doomed?permanent=true",
    before: () => resetMatrixComment("matrix-doomed"),
    expect: {
      anonymous: 401,
      user: 403,
      banned: 403,
      moderator: 403,
      admin: 200,
      "moderator+gate": 403,
      "admin+gate": 200,
    },
  },
];

const tokens: Partial<Record<Caller, string>> = {};
const refreshCookies: Partial<Record<Caller, string>> = {};

async function gateToken(token: string): Promise<string> {
  const res = await SELF.fetch(`${BASE}/api/auth/modme`, {
    method: "POST",
    headers: { "content-type": "application/json", ...bearer(token) },
    body: JSON.stringify({ password: MODME_TEST_PASSWORD }),
  });
  return ((await res.json()) as { data: { adminToken: string } }).data.adminToken;
}

beforeAll(async () => {
  await insertArticle(env.DB, { id: "matrix-article" });
  await insertArticle(env.DB, { id: "matrix-hidden-article" });
  const author = await insertUser(env.DB, { id: "matrix-author", name: "Matrix Comment Author" });
  matrixCommentAuthor = author.id;
  for (const id of ["matrix-comment", "matrix-deletable", "matrix-doomed", "matrix-pending"]) {
    await resetMatrixComment(id);
  }
  for (const [caller, role, name] of [
    ["user", "user", "Matrix User"],
    ["moderator", "moderator", "Matrix Moderator"],
    ["admin", "admin", "Matrix Admin"],
    ["banned", "moderator", "Matrix Banned"],
  ] as const) {
    const signedIn = await devSignIn(role, name);
    tokens[caller] = signedIn.token;
    refreshCookies[caller] = signedIn.refreshCookie!;
    if (caller === "banned") await banUser(signedIn.user.id, "temporary");
  }
  // Gate tokens come from separate sign-ins, so the refresh row does not rotate the others' cookies.
  tokens["moderator+gate"] = await gateToken((await devSignIn("moderator", "Matrix Gate Moderator")).token);
  tokens["admin+gate"] = await gateToken((await devSignIn("admin", "Matrix Gate Admin")).token);
});

async function call(route: MatrixRoute, caller: Caller) {
  const cookie = route.credential === "cookie" ? refreshCookies[caller] : undefined;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    ...(cookie ? { Cookie: cookie } : tokens[caller] ? bearer(tokens[caller]!) : {}),
  };
  return SELF.fetch(`${BASE}${route.path}`, {
    method: route.method,
    headers,
    body: route.body === undefined ? undefined : JSON.stringify(route.body),
  });
}

describe("access matrix (spec §6, enforced on the server)", () => {
  const table: string[] = [`| route | ${CALLERS.join(" | ")} |`, `|---|${CALLERS.map(() => "---").join("|")}|`];

  it.each(ROUTES)("$method $path", async (route) => {
    const seen: number[] = [];
    for (const caller of CALLERS) {
      await route.before?.();
      const res = await call(route, caller);
      seen.push(res.status);
      expect(res.status, `${route.method} ${route.path} as ${caller}`).toBe(route.expect[caller]);
      if (route.file && res.status < 400) {
        expect(res.headers.get("Content-Disposition"), `${caller} file`).toMatch(/^attachment;/);
        await res.body?.cancel();
        continue;
      }
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
