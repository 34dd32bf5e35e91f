import { afterEach, describe, expect, it, vi } from "vitest";
import { storeAdminSession } from "../auth/adminGate.ts";
import { fail, ok, stubApi } from "../test/fakeApi.ts";
import { adminFetch } from "./adminFetch.ts";
import { ApiRequestError, apiFetch } from "./client.ts";
import { onSessionEnded, REFRESH_LOCK } from "./refresh.ts";

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("apiFetch", () => {
  it("returns the success envelope and sends the stored bearer token", async () => {
    localStorage.setItem("token", "abc");
    const fetchSpy = vi.fn(async () => jsonResponse(200, { success: true, data: { ok: 1 } }));
    vi.stubGlobal("fetch", fetchSpy);

    const body = await apiFetch<{ success: true; data: { ok: number } }>("/api/thing");

    expect(body.data.ok).toBe(1);
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/thing");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer abc");
  });

  it("throws the server's error text with the HTTP status", async () => {
    vi.stubGlobal("fetch", async () => jsonResponse(403, { success: false, error: "Admin access required" }));
    const failure = await apiFetch("/api/admin").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ message: "Admin access required", status: 403 });
  });

  it("reports a network failure as status 0", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(apiFetch("/api/articles")).rejects.toMatchObject({ status: 0 });
  });

  it("does not mistake a non-JSON page for success", async () => {
    vi.stubGlobal("fetch", async () => new Response("<html></html>", { status: 502 }));
    await expect(apiFetch("/api/articles")).rejects.toMatchObject({
      message: "Request failed (HTTP 502)",
      status: 502,
    });
  });
});

describe("apiFetch when the access token has expired", () => {
  /** The server: the refresh endpoint issues "fresh"; the data endpoint accepts only "fresh". */
  const expiringApi = (refresh = ok({ token: "fresh" })) =>
    stubApi({
      "POST /api/auth/refresh": refresh,
      "GET /api/thing": ({ token }) => (token === "fresh" ? ok({ ok: 1 }) : fail(401, "Token expired")),
    });

  it("refreshes once, stores the new token and retries the call", async () => {
    localStorage.setItem("token", "stale");
    const requests = expiringApi();

    const body = await apiFetch<{ success: true; data: { ok: number } }>("/api/thing");

    expect(body.data.ok).toBe(1);
    expect(localStorage.getItem("token")).toBe("fresh");
    expect(requests.map((r) => `${r.method} ${r.path} ${r.token}`)).toEqual([
      "GET /api/thing stale",
      "POST /api/auth/refresh null",
      "GET /api/thing fresh",
    ]);
    // The refresh cookie (the only credential refresh takes) must travel even when the API is on
    // another origin, in a JSON request (the server refuses other content types).
    expect(requests[1]?.credentials).toBe("include");
    expect(requests[1]?.body).toEqual({});
  });

  it("shares one refresh among calls that fail together", async () => {
    localStorage.setItem("token", "stale");
    const requests = expiringApi();

    await Promise.all([apiFetch("/api/thing"), apiFetch("/api/thing"), apiFetch("/api/thing")]);

    expect(requests.filter((r) => r.path === "/api/auth/refresh")).toHaveLength(1);
  });

  it("logs out when the refresh is refused: token cleared, listeners told, the call fails", async () => {
    localStorage.setItem("token", "stale");
    const requests = expiringApi(fail(401, "Session has ended. Please log in again."));
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);

    await expect(apiFetch("/api/thing")).rejects.toMatchObject({ status: 401 });

    unsubscribe();
    expect(localStorage.getItem("token")).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
    expect(requests.filter((r) => r.path === "/api/thing")).toHaveLength(1);
  });

  it("retries only once: a second 401 is returned to the caller", async () => {
    localStorage.setItem("token", "stale");
    const requests = stubApi({
      "POST /api/auth/refresh": ok({ token: "fresh" }),
      "GET /api/thing": fail(401, "Token expired"),
    });

    await expect(apiFetch("/api/thing")).rejects.toMatchObject({ status: 401 });
    expect(requests.map((r) => r.path)).toEqual(["/api/thing", "/api/auth/refresh", "/api/thing"]);
  });

  it("does not refresh for an anonymous caller or for the token endpoints themselves", async () => {
    const requests = stubApi({
      "GET /api/thing": fail(401, "Authentication required"),
      "GET /api/auth/verify": fail(401, "Token expired"),
    });
    await expect(apiFetch("/api/thing")).rejects.toMatchObject({ status: 401 });
    localStorage.setItem("token", "stale");
    await expect(apiFetch("/api/auth/verify")).rejects.toMatchObject({ status: 401 });
    expect(requests.map((r) => r.path)).toEqual(["/api/thing", "/api/auth/verify"]);
  });

  it("keeps a token from a login that happened while the refresh was out", async () => {
    localStorage.setItem("token", "stale");
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    stubApi({
      "GET /api/thing": fail(401, "Token expired"),
      "POST /api/auth/refresh": () => {
        localStorage.setItem("token", "from-login");
        return fail(401, "Session has ended. Please log in again.");
      },
    });

    await expect(apiFetch("/api/thing")).rejects.toMatchObject({ status: 401 });

    unsubscribe();
    expect(localStorage.getItem("token")).toBe("from-login");
    expect(ended).not.toHaveBeenCalled();
  });

  it("leaves the session alone when the refresh cannot reach the server", async () => {
    localStorage.setItem("token", "stale");
    stubApi({
      "POST /api/auth/refresh": fail(503, "Service unavailable"),
      "GET /api/thing": fail(401, "Token expired"),
    });
    await expect(apiFetch("/api/thing")).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem("token")).toBe("stale");
  });
});

describe("refreshing when several tabs are open (Web Locks)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A LockManager of one origin: requests for a name run one after another, in order. */
  function fakeLocks() {
    let queue: Promise<unknown> = Promise.resolve();
    const requested: string[] = [];
    const locks = {
      request: (name: string, callback: () => Promise<unknown>) => {
        requested.push(name);
        const run = queue.then(callback);
        queue = run.catch(() => undefined);
        return run;
      },
    };
    /** Another tab takes the lock now; this resolves once it may run, and `release` ends its turn. */
    const otherTab = () => {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => {
        release = resolve;
      });
      return { started: locks.request(REFRESH_LOCK, () => turn), release };
    };
    vi.stubGlobal("navigator", { ...navigator, locks });
    return { requested, otherTab };
  }

  it("uses the token another tab stored while this one waited, without presenting the cookie again", async () => {
    localStorage.setItem("token", "stale");
    const requests = stubApi({
      "POST /api/auth/refresh": ok({ token: "mine" }),
      "GET /api/thing": ({ token }) => (token === "from-other-tab" ? ok({ ok: 1 }) : fail(401, "Token expired")),
    });
    const { requested, otherTab } = fakeLocks();
    const other = otherTab();

    const call = apiFetch<{ success: true; data: { ok: number } }>("/api/thing");
    await vi.waitFor(() => expect(requested).toEqual([REFRESH_LOCK, REFRESH_LOCK]));
    localStorage.setItem("token", "from-other-tab"); // the other tab's refresh answered
    other.release();

    expect((await call).data.ok).toBe(1);
    expect(requests.filter((r) => r.path === "/api/auth/refresh")).toHaveLength(0);
    expect(localStorage.getItem("token")).toBe("from-other-tab");
  });

  it("refreshes itself, inside the lock, when no other tab did", async () => {
    localStorage.setItem("token", "stale");
    const requests = stubApi({
      "POST /api/auth/refresh": ok({ token: "fresh" }),
      "GET /api/thing": ({ token }) => (token === "fresh" ? ok({ ok: 1 }) : fail(401, "Token expired")),
    });
    const { requested } = fakeLocks();

    await apiFetch("/api/thing");

    expect(requested).toEqual([REFRESH_LOCK]);
    expect(requests.filter((r) => r.path === "/api/auth/refresh")).toHaveLength(1);
    expect(localStorage.getItem("token")).toBe("fresh");
  });
});

describe("adminFetch", () => {
  it("sends the admin token, not the reader's", async () => {
    localStorage.setItem("token", "reader");
    storeAdminSession("admin-1");
    const requests = stubApi({ "GET /api/comments/admin/bans": ok({ bans: [] }) });
    await adminFetch("/api/comments/admin/bans", { service: "comments" });
    expect(requests[0]?.token).toBe("admin-1");
  });

  it("sends nothing without an admin session", async () => {
    const requests = stubApi({});
    await expect(adminFetch("/api/comments/admin/bans")).rejects.toMatchObject({
      message: "Admin access required",
      status: 401,
    });
    expect(requests).toEqual([]);
  });

  it("ends the admin session when the server refuses its token", async () => {
    storeAdminSession("admin-1");
    stubApi({ "GET /api/comments/admin/bans": fail(401, "Token expired") });
    await expect(adminFetch("/api/comments/admin/bans")).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem("adminToken")).toBeNull();
    expect(localStorage.getItem("adminLoginTime")).toBeNull();
  });
});
