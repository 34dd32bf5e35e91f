import { describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "./client.ts";
import { apiDownload, filenameOf } from "./download.ts";

const file = (text: string, name: string) =>
  new Response(text, {
    status: 200,
    headers: { "Content-Type": "application/json", "Content-Disposition": `attachment; filename="${name}"` },
  });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("apiDownload", () => {
  it("reads the answer as a file named by the server, with the stored token", async () => {
    localStorage.setItem("token", "abc");
    const fetchSpy = vi.fn(async () => file('{"profile":{}}', "my-data-2026-11-25.json"));
    vi.stubGlobal("fetch", fetchSpy);
    const { blob, filename } = await apiDownload("/api/auth/me/export");
    expect(filename).toBe("my-data-2026-11-25.json");
    expect(await blob.text()).toBe('{"profile":{}}');
    const [, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer abc");
  });

  it("refreshes an expired token once and tries again", async () => {
    localStorage.setItem("token", "old");
    const fetchSpy = vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === "/api/auth/refresh") return json(200, { success: true, data: { token: "new" } });
      const sent = (init.headers as Record<string, string>).Authorization;
      return sent === "Bearer new" ? file("{}", "x.json") : json(401, { success: false, error: "Token expired" });
    });
    vi.stubGlobal("fetch", fetchSpy);
    expect((await apiDownload("/api/auth/me/export")).filename).toBe("x.json");
    expect(localStorage.getItem("token")).toBe("new");
  });

  it("throws the envelope's message of a refusal", async () => {
    localStorage.setItem("token", "abc");
    vi.stubGlobal("fetch", async () => json(429, { success: false, error: "Too many requests" }));
    const failure = await apiDownload("/api/auth/me/export").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ message: "Too many requests", status: 429 });
  });
});

describe("filenameOf", () => {
  it("takes the quoted filename of Content-Disposition", () => {
    expect(filenameOf('attachment; filename="a.json"')).toBe("a.json");
    expect(filenameOf("attachment")).toBeNull();
    expect(filenameOf(null)).toBeNull();
  });
});
