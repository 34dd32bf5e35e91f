import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("votes worker routes", () => {
  it("reports D1, both Durable Object namespaces and the queue as reachable", async () => {
    const res = await SELF.fetch("https://votes.test/api/votes/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: { status: "ok", checks: { db: "ok", articleVotes: "ok", voteLimiter: "ok", voteEventsQueue: "ok" } },
    });
  });

  it("answers an unknown route with a JSON 404 in the envelope", async () => {
    const res = await SELF.fetch("https://votes.test/api/votes/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ success: false, error: "No route for GET /api/votes/nope" });
  });
});
