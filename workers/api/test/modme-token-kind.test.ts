// requireAuth({ tokenKind: "admin" }): what every ModMe API (votes/comments workers) mounts. Tested
// here on a route of its own, with real tokens from the real sign-in and password gate and the real
// D1, because the ModMe routes land with the votes and comments issues (they add their rows to the
// access matrix with the same columns).
import { createExecutionContext, env } from "cloudflare:test";
import { type AuthVariables, requireAuth } from "@unbiased/worker-shared/auth/middleware";
import { createApp } from "@unbiased/worker-shared/http/app";
import { describe, expect, it } from "vitest";
import { MODME_TEST_PASSWORD } from "./support/oidc-config.ts";
import { banUser, bearer, devSignIn, postJson } from "./support/session.ts";

const modmeApi = createApp<{ Bindings: Env; Variables: AuthVariables }>();
modmeApi.get("/modme-only", requireAuth({ role: "moderator", tokenKind: "admin" }), (c) =>
  c.json({ success: true, data: { userId: c.get("principal").userId } }),
);
const plainStaffTool = createApp<{ Bindings: Env; Variables: AuthVariables }>();
plainStaffTool.get("/staff", requireAuth({ role: "moderator" }), (c) => c.json({ success: true, data: {} }));

const call = (app: typeof modmeApi, path: string, token: string) =>
  app.fetch(new Request(`http://127.0.0.1${path}`, { headers: bearer(token) }), env, createExecutionContext());

async function gate(token: string) {
  const res = await postJson("/api/auth/modme", bearer(token), { password: MODME_TEST_PASSWORD });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { adminToken: string } }).data.adminToken;
}

describe("ModMe APIs take the admin token only", () => {
  it("refuses a moderator's plain access token with 403 'Admin access required', accepts the admin token", async () => {
    const { token, user } = await devSignIn("moderator", "Token Kind Kim");
    const plain = await call(modmeApi, "/modme-only", token);
    expect(plain.status).toBe(403);
    expect(await plain.json()).toEqual({ success: false, error: "Admin access required" });
    const admin = await call(modmeApi, "/modme-only", await gate(token));
    expect(admin.status).toBe(200);
    // The admin token names the same user.
    expect(await admin.json()).toEqual({ success: true, data: { userId: user.id } });
  });

  it("still reads the role and the ban from D1 with the admin token", async () => {
    const demoted = await devSignIn("moderator", "Demoted Dora");
    const demotedAdminToken = await gate(demoted.token);
    await env.DB.prepare("UPDATE users SET role = 'user' WHERE id = ?").bind(demoted.user.id).run();
    expect((await call(modmeApi, "/modme-only", demotedAdminToken)).status).toBe(403);

    const banned = await devSignIn("admin", "Banned Bart");
    const bannedAdminToken = await gate(banned.token);
    await banUser(banned.user.id);
    expect((await call(modmeApi, "/modme-only", bannedAdminToken)).status).toBe(403);
  });

  it("ends with the session: after logout the admin token is refused too", async () => {
    const { token, refreshCookie } = await devSignIn("admin", "Leaving Lars");
    const adminToken = await gate(token);
    await postJson("/api/auth/logout", { Cookie: refreshCookie! });
    expect((await call(modmeApi, "/modme-only", adminToken)).status).toBe(401);
  });

  it("leaves routes without the option open to both token kinds (staff tools on the article page)", async () => {
    const { token } = await devSignIn("moderator", "Both Kinds Bo");
    expect((await call(plainStaffTool, "/staff", token)).status).toBe(200);
    expect((await call(plainStaffTool, "/staff", await gate(token))).status).toBe(200);
  });
});
