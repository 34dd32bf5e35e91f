import { describe, expect, it, vi } from "vitest";
import { ApiRequestError, apiFetch } from "./client.ts";

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
    await expect(apiFetch("/api/articles")).rejects.toMatchObject({ message: "Request failed (HTTP 502)", status: 502 });
  });
});
