import { createExecutionContext, env, SELF } from "cloudflare:test";
import { hashPassword } from "@unbiased/worker-shared/auth/passwords";
import { describe, expect, it } from "vitest";
import worker from "../src/index.ts";
import { MODME_TEST_PASSWORD } from "./support/oidc-config.ts";
import { BASE, banUser, bearer, devSignIn } from "./support/session.ts";

const gate = (password: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${BASE}/api/auth/modme`, {
    method: "POST",
    body: JSON.stringify({ password }),
    headers: { "content-type": "application/json", ...headers },
  });

describe("POST /api/auth/modme (the ModMe password gate)", () => {
  it("issues a 24 h admin token to a moderator with the right password", async () => {
    const { token } = await devSignIn("moderator", "Gate Keeper");
    const res = await gate(MODME_TEST_PASSWORD, bearer(token));
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { adminToken: string; expiresAt: string } };
    const hours = (Date.parse(data.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // The admin token names the same user.
    const me = await SELF.fetch(`${BASE}/api/auth/verify`, { headers: bearer(data.adminToken) });
    expect(await me.json()).toMatchObject({ data: { user: { name: "Gate Keeper", role: "moderator" } } });
    expect(await env.DB.prepare("SELECT action FROM moderation_log WHERE action = 'modme.login'").all()).toMatchObject({
      results: [{ action: "modme.login" }],
    });
  });

  it("is 401 without a token and 403 for a signed-in user without the role", async () => {
    expect((await gate(MODME_TEST_PASSWORD)).status).toBe(401);
    const { token } = await devSignIn("user", "Curious Reader");
    const res = await gate(MODME_TEST_PASSWORD, bearer(token));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: "Access denied. Admin or moderator role required." });
  });

  it("answers a wrong password with 403 'Incorrect password', and the sixth try in 15 minutes with 429", async () => {
    const { token } = await devSignIn("admin", "Forgetful Admin");
    for (let i = 0; i < 5; i++) {
      const res = await gate("wrong", bearer(token));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ success: false, error: "Incorrect password" });
    }
    const locked = await gate(MODME_TEST_PASSWORD, bearer(token));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(800);
  });

  it("checks at most 5 of 20 parallel wrong passwords: each try is counted before the check", async () => {
    const { token } = await devSignIn("moderator", "Racing Rae");
    // The production-strength hash makes each check take as long as it does when deployed, which is
    // the window the race needs: with a count taken after the check, all 20 pass the limit first.
    const slowEnv = { ...env, MODME_PASSWORD_HASH: await hashPassword(MODME_TEST_PASSWORD) };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        worker.fetch(
          new Request(`${BASE}/api/auth/modme`, {
            method: "POST",
            body: JSON.stringify({ password: "wrong" }),
            headers: { "content-type": "application/json", ...bearer(token) },
          }),
          slowEnv,
          createExecutionContext(),
        ),
      ),
    );
    const statuses = answers.map((res) => res.status);
    // A 403 'Incorrect password' is a real password check; the rest never reached one.
    expect(statuses.filter((s) => s === 403)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it("resets the count after the right password", async () => {
    const { token } = await devSignIn("moderator", "Recovering Rex");
    for (let i = 0; i < 4; i++) expect((await gate("wrong", bearer(token))).status).toBe(403);
    expect((await gate(MODME_TEST_PASSWORD, bearer(token))).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await gate("wrong", bearer(token))).status).toBe(403);
    expect((await gate("wrong", bearer(token))).status).toBe(429);
  });

  it("refuses a banned moderator", async () => {
    const { token, user } = await devSignIn("moderator", "Banned Moderator");
    await banUser(user.id);
    expect((await gate(MODME_TEST_PASSWORD, bearer(token))).status).toBe(403);
  });

  it("follows the role in D1 on the very next request", async () => {
    const { token, user } = await devSignIn("user", "Rising Star");
    expect((await gate(MODME_TEST_PASSWORD, bearer(token))).status).toBe(403);
    await env.DB.prepare("UPDATE users SET role = 'moderator' WHERE id = ?").bind(user.id).run();
    expect((await gate(MODME_TEST_PASSWORD, bearer(token))).status).toBe(200);
    await env.DB.prepare("UPDATE users SET role = 'user' WHERE id = ?").bind(user.id).run();
    expect((await gate(MODME_TEST_PASSWORD, bearer(token))).status).toBe(403);
  });
});
