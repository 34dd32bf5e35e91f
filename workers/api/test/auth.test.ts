import { createExecutionContext, env, SELF } from "cloudflare:test";
import { signToken } from "@unbiased/worker-shared/auth/tokens";
import { describe, expect, it } from "vitest";
import worker from "../src/index.ts";

const post = (body: unknown, host = "127.0.0.1") =>
  SELF.fetch(`http://${host}/api/auth/dev`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
const verify = (token?: string) =>
  SELF.fetch("http://127.0.0.1/api/auth/verify", { headers: token ? { Authorization: `Bearer ${token}` } : {} });

type SignIn = {
  success: true;
  data: { user: { id: string; name: string; role: string; email: string }; token: string };
};

describe("development sign-in", () => {
  it("signs in as each role and the token verifies to that user", async () => {
    for (const role of ["user", "moderator", "admin"] as const) {
      const res = await post({ role });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as SignIn;
      expect(data.user).toMatchObject({
        role,
        name: `Sample ${role[0]!.toUpperCase()}${role.slice(1)}`,
        modmeMenu: role !== "user",
      });
      const me = await verify(data.token);
      expect(me.status).toBe(200);
      expect(await me.json()).toEqual({ success: true, data: { user: { ...data.user } } });
    }
  });

  it("gives the same name the same user, with the role asked for", async () => {
    const first = ((await (await post({ role: "user", name: "Ada Lovelace" })).json()) as SignIn).data.user;
    const again = ((await (await post({ role: "admin", name: "Ada Lovelace" })).json()) as SignIn).data.user;
    expect(again.id).toBe(first.id);
    expect(again.role).toBe("admin");
  });

  it("creates no reputation row for a new account: its first reputation change does (ADR 022 step 27)", async () => {
    const { data } = (await (await post({ role: "user", name: "Grace Hopper" })).json()) as SignIn;
    const row = await env.DB.prepare("SELECT count(*) AS n FROM user_reputation WHERE user_id = ?")
      .bind(data.user.id)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it("refuses an unknown role with a 400", async () => {
    const res = await post({ role: "owner" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: "role must be one of: user, moderator, admin" });
  });

  it("does not exist with the production configuration, nor for a non-loopback host", async () => {
    const production = { ...env, ENVIRONMENT: "production" };
    const req = new Request("http://127.0.0.1/api/auth/dev", {
      method: "POST",
      body: JSON.stringify({ role: "admin" }),
    });
    const res = await worker.fetch(req, production, createExecutionContext());
    expect(res.status).toBe(404);
    expect(
      (await worker.fetch(new Request("http://127.0.0.1/api/auth/dev"), production, createExecutionContext())).status,
    ).toBe(404);
    expect((await post({ role: "admin" }, "unbiased247.example")).status).toBe(404);
  });
});

describe("GET /api/auth/verify", () => {
  it("is 401 without a token, with a forged token, and with a token for a session that does not exist", async () => {
    expect((await verify()).status).toBe(401);
    const forged = await signToken("not-the-real-secret-0123456789", { sub: "u", sid: "s", kind: "access" }, 600);
    const forgedRes = await verify(forged);
    expect(forgedRes.status).toBe(401);
    expect(await forgedRes.json()).toEqual({ success: false, error: "Invalid token" });
    const orphan = await signToken(env.AUTH_SECRET, { sub: "nobody", sid: "no-session", kind: "access" }, 600);
    expect((await verify(orphan)).status).toBe(401);
    expect((await verify("not.a.jwt")).status).toBe(401);
  });

  it("is 401 for an expired token", async () => {
    const { data } = (await (await post({ role: "user", name: "Expiring" })).json()) as SignIn;
    const claims = JSON.parse(atob(data.token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    const expired = await signToken(env.AUTH_SECRET, { sub: claims.sub, sid: claims.sid, kind: "access" }, -10);
    const res = await verify(expired);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: "Token expired" });
  });
});
