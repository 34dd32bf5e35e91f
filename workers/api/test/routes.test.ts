import { createExecutionContext, env, SELF } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import worker from "../src/index.ts";

const get = (path: string, init?: RequestInit) => SELF.fetch(`http://127.0.0.1${path}`, init);

describe("gateway routes", () => {
  it("reports D1, the ingestion queue and the three service bindings as reachable", async () => {
    const res = await get("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: {
        status: "ok",
        checks: { db: "ok", ingestQueue: "ok", votesService: "ok", ingestService: "ok", commentsService: "ok" },
      },
    });
  });

  it("serves the generated category image, and a 404 for an unknown category", async () => {
    const res = await get("/api/images/category/science.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toMatch(/public, max-age=\d+/);
    expect(await res.text()).toMatch(/^<svg [^>]*aria-label="Science"/);
    expect((await get("/api/images/category/sports.svg")).status).toBe(404);
  });

  it("forwards /newswire/* to the ingest worker in development, and has no such route in production", async () => {
    const feed = await get("/newswire/feed.xml");
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(await feed.text()).toContain("Unbiased 24/7 sample newswire");
    const production = await worker.fetch(
      new Request("http://127.0.0.1/newswire/feed.xml"),
      { ...env, ENVIRONMENT: "production" },
      createExecutionContext(),
    );
    expect(production.status).toBe(404);
  });

  it("routes /api/votes/* and /api/comments/* to their workers on the same origin", async () => {
    const votes = await get("/api/votes/health");
    expect(votes.status).toBe(200);
    expect(await votes.json()).toMatchObject({ data: { checks: { articleVotes: "ok", voteLimiter: "ok" } } });
    const comments = await get("/api/comments/health");
    expect(comments.status).toBe(200);
    expect(await comments.json()).toMatchObject({ data: { checks: { commentEventsQueue: "ok" } } });
  });

  it("sends the spec's prefix-less unban path to the comments worker, not the page fallback", async () => {
    const res = await get("/comments/admin/unban/user-1", { method: "PUT" });
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    // Answered by the comments worker's unban route, a ModMe API: no token is a 401 there.
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: "Authentication required" });
  });

  it("sends the spec's alternate comment-count path /article/{id}/count to the comments worker", async () => {
    await insertArticle(env.DB, { id: "some-article" });
    const res = await get("/article/some-article/count");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { articleId: "some-article", commentCount: 0 } });
  });

  it("answers unknown API routes with a JSON 404, and a missing file with a 404 rather than the app's HTML", async () => {
    const api = await get("/api/nothing-here");
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ success: false, error: "No route for GET /api/nothing-here" });
    for (const path of ["/assets/missing-chunk.js", "/remotes/reader/entry-stale.js"]) {
      const file = await get(path);
      expect(file.status).toBe(404);
      expect(file.headers.get("content-type")).toMatch(/application\/json/);
    }
  });

  it("answers malformed JSON with a 400 in the envelope", async () => {
    const res = await get("/api/auth/dev", {
      method: "POST",
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: "Malformed JSON in request body" });
  });
});
