// Every ModMe API of the comments worker, called as each kind of caller (spec §6, docs/contracts.md
// § Identity): staff role read from D1 and the gate's admin token, both checked on the server.

import { env } from "cloudflare:test";
import { AUTH_MESSAGES } from "@unbiased/worker-shared/contracts/auth";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, call, insertBan, insertComment, insertReport, signIn } from "./support/modme.ts";

type Who = "anonymous" | "userAdminToken" | "moderatorAccessToken" | "moderator" | "admin";
const WHO: Who[] = ["anonymous", "userAdminToken", "moderatorAccessToken", "moderator", "admin"];

interface Row {
  method: string;
  path: () => string;
  body?: unknown;
  /** Status for the moderator and the admin (both with the admin token); the others are always refused. */
  ok: number;
  /** Changes state once: after the moderator's success the admin gets the "nothing to do" 404. */
  once?: boolean;
}

let target: Caller;
let reportId = "";
const ids: Record<string, string> = {};

const ROWS: Row[] = [
  { method: "GET", path: () => "/api/comments/admin/bans", ok: 200 },
  // The ban is lifted by the moderator; the admin then finds none (404), which still proves access.
  { method: "PUT", path: () => `/api/comments/admin/unban/${target.userId}`, ok: 200, once: true },
  { method: "PUT", path: () => `/comments/admin/unban/${ids.banned2}`, ok: 200, once: true },
  { method: "GET", path: () => "/api/comments/admin/reports", ok: 200 },
  { method: "PUT", path: () => `/api/comments/admin/reports/${reportId}/dismiss`, ok: 200, once: true },
  { method: "GET", path: () => "/api/comments/admin/pending", ok: 200 },
  { method: "GET", path: () => "/api/comments/admin/approved?page=1&limit=20", ok: 200 },
  {
    method: "PUT",
    path: () => `/api/comments/admin/user/${target.userId}/reputation`,
    body: { adjustment: 1, reason: "matrix" },
    ok: 200,
  },
  {
    method: "POST",
    path: () => "/api/comments/admin/reputation/adjust",
    body: { userId: "matrix-nobody", points: 1 },
    ok: 404,
  },
  { method: "GET", path: () => "/api/comments/admin/queue/status", ok: 200 },
  { method: "GET", path: () => "/api/comments/admin/queue/jobs", ok: 200 },
  { method: "GET", path: () => "/api/comments/admin/users", ok: 200 },
  { method: "GET", path: () => `/api/comments/admin/user/${target.userId}/reputation`, ok: 200 },
  { method: "GET", path: () => `/api/comments/admin/user/${target.userId}/comments`, ok: 200 },
  { method: "GET", path: () => "/api/comments/admin/log", ok: 200 },
  { method: "GET", path: () => "/api/comments/admin/outbox", ok: 200 },
  { method: "POST", path: () => "/api/comments/admin/outbox/send", ok: 200 },
];

const tokens: Partial<Record<Who, string>> = {};

beforeAll(async () => {
  target = await signIn("user", { name: "Matrix Target" });
  ids.banned2 = (await signIn("user")).userId;
  await insertBan(target.userId, "permanent");
  await insertBan(ids.banned2, "temporary");
  await insertArticle(env.DB, { id: "matrix-article" });
  const commentId = await insertComment(target.userId, "matrix-article", { status: "approved" });
  reportId = await insertReport(commentId, (await signIn("user")).userId);
  tokens.userAdminToken = (await signIn("user")).admin;
  tokens.moderatorAccessToken = (await signIn("moderator")).access;
  tokens.moderator = (await signIn("moderator")).admin;
  tokens.admin = (await signIn("admin")).admin;
});

const expected = (who: Who, row: Row, adminAfterModerator: boolean) => {
  if (who === "anonymous") return { status: 401, error: "Authentication required" };
  if (who === "userAdminToken") return { status: 403, error: AUTH_MESSAGES.staffRequired };
  if (who === "moderatorAccessToken") return { status: 403, error: "Admin access required" };
  return { status: adminAfterModerator ? 404 : row.ok };
};

describe("ModMe access matrix of the comments worker", () => {
  it.each(ROWS)("$method $path", async (row) => {
    for (const who of WHO) {
      const res = await call(row.method, row.path(), tokens[who], row.body);
      const want = expected(who, row, Boolean(row.once) && who === "admin");
      expect(res.status, `${row.method} ${row.path()} as ${who}`).toBe(want.status);
      if (want.error) expect(res.body).toEqual({ success: false, error: want.error });
    }
  });
});
