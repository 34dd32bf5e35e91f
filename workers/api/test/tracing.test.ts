// One JSON log line per request with its request id, returned as X-Request-Id (trace.ts): the gateway
// always makes its own (a caller's well-formed id is only logged, as clientRequestId, and never passed
// on), the workers behind it keep the gateway's; the line names the route's pattern, never the query
// string or an e-mail address.
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
  it("are always the gateway's own: a caller's id, well-formed or not, is never taken or echoed", async () => {
    const made = (await SELF.fetch(`${BASE}/api/health`)).headers.get("X-Request-Id");
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    for (const given of ["trace-0123456789", "00000000-0000-0000-0000-000000000000", '"},"admin":true,{"']) {
      const res = await SELF.fetch(`${BASE}/api/health`, { headers: { "X-Request-Id": given } });
      const id = res.headers.get("X-Request-Id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(id).not.toBe(given);
    }
    const twice = await Promise.all(
      [1, 2].map(() => SELF.fetch(`${BASE}/api/health`, { headers: { "X-Request-Id": "collide-0000000000" } })),
    );
    expect(twice[0]!.headers.get("X-Request-Id")).not.toBe(twice[1]!.headers.get("X-Request-Id"));
  });

  it("log a caller's well-formed id as clientRequestId, beside the gateway's own, and drop a malformed one", async () => {
    let kept = "";
    const lines = await requestLines(async () => {
      const res = await SELF.fetch(`${BASE}/api/health`, { headers: { "X-Request-Id": "client-trace-000001" } });
      kept = res.headers.get("X-Request-Id") ?? "";
      await SELF.fetch(`${BASE}/api/health`, { headers: { "X-Request-Id": '"},"admin":true,{"' } });
    });
    const gateway = lines.filter((line) => line.worker === "gateway");
    expect(gateway.find((line) => line.requestId === kept)).toMatchObject({ clientRequestId: "client-trace-000001" });
    expect(JSON.stringify(lines)).not.toContain("admin");
  });

  it("reach the workers behind the gateway as the gateway's id, never the caller's", async () => {
    let returned = "";
    const lines = await requestLines(async () => {
      const res = await SELF.fetch(`${BASE}/api/votes/health`, { headers: { "X-Request-Id": "trace-votes-000001" } });
      returned = res.headers.get("X-Request-Id") ?? "";
    });
    expect(returned).toMatch(/^[0-9a-f-]{36}$/);
    const votes = lines.find((line) => line.worker === "votes");
    const gateway = lines.find((line) => line.worker === "gateway");
    expect(gateway?.requestId).toBe(returned);
    // The votes worker runs in its own isolate here: when its line is captured, it carries the same id.
    if (votes) expect(votes.requestId).toBe(returned);
    expect(JSON.stringify(lines.filter((line) => line.worker !== "gateway"))).not.toContain("trace-votes-000001");
  });
});

describe("the request log", () => {
  it("writes one line per request: id, route pattern, status, duration, the signed-in user's id", async () => {
    const { token, user } = await devSignIn("user", "Traced Tess");
    let requestId = "";
    const lines = await requestLines(async () => {
      const res = await SELF.fetch(`${BASE}/api/auth/verify`, { headers: bearer(token) });
      requestId = res.headers.get("X-Request-Id") ?? "";
      await SELF.fetch(`${BASE}/api/articles/search/anything?page=1&q=private-words`);
    });
    const verify = lines.find((line) => line.requestId === requestId);
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
