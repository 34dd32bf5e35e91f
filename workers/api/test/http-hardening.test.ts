// What the shared app factory gives every worker (body limit, nosniff, HSTS when deployed) and the
// rate limit on search, checked on the gateway.
import { createExecutionContext, env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../src/index.ts";
import { MODME_TEST_PASSWORD } from "./support/oidc-config.ts";
import { bearer, devSignIn } from "./support/session.ts";

const BASE = "http://127.0.0.1";
const TOO_LARGE = { success: false, error: "Request body is too large (limit 64 KB)" };

describe("request body limit (64 KB)", () => {
  const big = JSON.stringify({ role: "user", name: "x".repeat(70 * 1024) });

  it("answers an oversized JSON body with 413 in the envelope, before the route reads it", async () => {
    const res = await SELF.fetch(`${BASE}/api/auth/dev`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
  });

  it("also when the body comes without a Content-Length (streamed)", async () => {
    const { token } = await devSignIn("user", "Streaming Stan");
    const bytes = new TextEncoder().encode(JSON.stringify({ url: `https://news.example/${"a".repeat(70 * 1024)}` }));
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.slice(i, i + 8192));
        controller.close();
      },
    });
    const res = await SELF.fetch(`${BASE}/api/submissions/url`, {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(token) },
      body: stream,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
  });

  it("lets a normal body through", async () => {
    const res = await SELF.fetch(`${BASE}/api/auth/dev`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ role: "user", name: "Small Body" }),
    });
    expect(res.status).toBe(200);
  });
});

describe("security headers", () => {
  it("sends X-Content-Type-Options: nosniff on every API answer: success, errors, and forwarded services", async () => {
    for (const path of [
      "/api/articles",
      "/api/no-such-route",
      "/api/auth/verify",
      "/api/votes/health",
      "/api/comments/health",
    ]) {
      const res = await SELF.fetch(`${BASE}${path}`);
      expect(res.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
    }
  });

  it("sends HSTS when deployed (HTTPS, production), never on the local development stack", async () => {
    const local = await SELF.fetch(`${BASE}/api/health`);
    expect(local.headers.get("Strict-Transport-Security")).toBeNull();
    const deployed = await worker.fetch(
      new Request("https://unbiased247.example/api/no-such-route"),
      { ...env, ENVIRONMENT: "production" },
      createExecutionContext(),
    );
    expect(deployed.status).toBe(404);
    expect(deployed.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(deployed.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("search rate limit", () => {
  it("answers 429 with Retry-After once a client address has used up its searches", async () => {
    const address = "198.51.100.4";
    await env.DB.prepare("INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 600, ?)")
      .bind(`search:${address}`, Date.now() + 600_000)
      .run();
    const limited = await SELF.fetch(`${BASE}/api/articles/search/limited-query`, {
      headers: { "CF-Connecting-IP": address },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const other = await SELF.fetch(`${BASE}/api/articles/search/other-query`, {
      headers: { "CF-Connecting-IP": "198.51.100.5" },
    });
    expect(other.status).toBe(200);
  });
});

describe("responses with tokens or personal data are never stored (Cache-Control: no-store)", () => {
  it("sign-in, refresh, verify, the ModMe gate, vote and comment history, ModMe user data", async () => {
    const dev = await SELF.fetch(`${BASE}/api/auth/dev`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ role: "moderator", name: "No Store Nora" }),
    });
    const { token } = ((await dev.json()) as { data: { token: string } }).data;
    const cookie = dev.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const gate = await SELF.fetch(`${BASE}/api/auth/modme`, {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(token) },
      body: JSON.stringify({ password: MODME_TEST_PASSWORD }),
    });
    const { adminToken } = ((await gate.clone().json()) as { data: { adminToken: string } }).data;
    const refresh = await SELF.fetch(`${BASE}/api/auth/refresh`, {
      method: "POST",
      headers: { "content-type": "application/json", Cookie: cookie },
      body: "{}",
    });
    const reads = await Promise.all(
      [
        ["/api/auth/verify", token],
        ["/api/votes/user/history", token],
        ["/api/comments/votes/history", token],
        ["/api/comments/admin/users?limit=10", adminToken],
        ["/api/votes/tracking/statistics?hours=1", adminToken],
      ].map(([path, bearerToken]) => SELF.fetch(`${BASE}${path}`, { headers: bearer(bearerToken ?? "") })),
    );
    for (const res of [dev, gate, refresh, ...reads]) {
      expect(res.status, res.url).toBe(200);
      expect(res.headers.get("Cache-Control"), res.url).toBe("no-store");
    }
  });

  it("while the public feed stays cacheable", async () => {
    const res = await SELF.fetch(`${BASE}/api/articles`);
    expect(res.headers.get("Cache-Control")).toContain("public");
  });
});
