// One JSON log line per request with its request id, returned as X-Request-Id (trace.ts): a caller's
// well-formed id is kept (the gateway's forwarded requests carry theirs), anything else is replaced;
// the line names the route's pattern, never the query string or an e-mail address.
import { SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bearer, devSignIn } from "./support/session.ts";

const BASE = "http://127.0.0.1";

/** The JSON request lines logged while `run` ran. */
async function requestLines(run: () => Promise<unknown>) {
  const lines: Record<string, unknown>[] = [];
  const capture = (...args: unknown[]) => {
    for (const arg of args) {
      if (typeof arg !== "string" || !arg.startsWith("{")) continue;
      const line = JSON.parse(arg) as Record<string, unknown>;
      if (line.msg === "request") lines.push(line);
    }
  };
  vi.spyOn(console, "log").mockImplementation(capture);
  vi.spyOn(console, "error").mockImplementation(capture);
  await run();
  return lines;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("request ids", () => {
  it("makes one, keeps a well-formed one, replaces a malformed one", async () => {
    const made = (await SELF.fetch(`${BASE}/api/health`)).headers.get("X-Request-Id");
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await SELF.fetch(`${BASE}/api/health`, { headers: { "X-Request-Id": "trace-0123456789" } });
    expect(kept.headers.get("X-Request-Id")).toBe("trace-0123456789");
    const forged = await SELF.fetch(`${BASE}/api/health`, { headers: { "X-Request-Id": '"},"admin":true,{"' } });
    expect(forged.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("comes back from a worker behind the gateway with the gateway's id", async () => {
    const res = await SELF.fetch(`${BASE}/api/votes/health`, { headers: { "X-Request-Id": "trace-votes-000001" } });
    expect(res.headers.get("X-Request-Id")).toBe("trace-votes-000001");
  });
});

describe("the request log", () => {
  it("writes one line per request: id, route pattern, status, duration, the signed-in user's id", async () => {
    const { token, user } = await devSignIn("user", "Traced Tess");
    const lines = await requestLines(async () => {
      await SELF.fetch(`${BASE}/api/auth/verify`, {
        headers: { ...bearer(token), "X-Request-Id": "trace-verify-0001" },
      });
      await SELF.fetch(`${BASE}/api/articles/search/anything?page=1&q=private-words`);
    });
    const verify = lines.find((line) => line.requestId === "trace-verify-0001");
    expect(verify).toMatchObject({
      level: "info",
      worker: "gateway",
      method: "GET",
      route: "/api/auth/verify",
      status: 200,
      userId: user.id,
    });
    expect(typeof verify?.ms).toBe("number");
    const text = JSON.stringify(lines);
    expect(text).not.toContain("private-words");
    expect(text).not.toContain("@");
    expect(text).not.toContain(token);
  });
});

describe("errors in the log", () => {
  it("name the innermost cause, never drizzle's query text with users' values", async () => {
    const { errorFields } = await import("@unbiased/worker-shared/http/trace");
    const d1 = new Error("D1_ERROR: database is locked: SQLITE_BUSY");
    const wrapped = new Error('Failed query: insert into "users" ... params: someone@example.com', { cause: d1 });
    const fields = errorFields(wrapped);
    expect(fields.error).toBe("Error: D1_ERROR: database is locked: SQLITE_BUSY");
    expect(JSON.stringify(fields)).not.toContain("someone@example.com");
  });
});
