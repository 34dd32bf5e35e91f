import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("comments worker routes", () => {
  it("reports D1 and the comment-events queue as reachable", async () => {
    const res = await SELF.fetch("https://comments.test/api/comments/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: { status: "ok", checks: { db: "ok", commentEventsQueue: "ok" } },
    });
  });

  it("answers unknown routes, with or without the /api prefix, with a JSON 404", async () => {
    for (const [method, path] of [
      ["GET", "/api/comments/nope"],
      ["PUT", "/comments/admin/unknown"],
    ] as const) {
      const res = await SELF.fetch(`https://comments.test${path}`, { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, error: `No route for ${method} ${path}` });
    }
  });
});
