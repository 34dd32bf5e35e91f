// Staff article tools through the gateway: regenerations over RPC to the real ingest worker, hiding
// in the gateway; each logged with its actor and reason, each bumping the content version.
import { env, SELF } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, bearer, devSignIn } from "./support/session.ts";

let moderator = { token: "", id: "" };
let admin = { token: "", id: "" };

beforeAll(async () => {
  const m = await devSignIn("moderator", "Tools Moderator");
  const a = await devSignIn("admin", "Tools Admin");
  moderator = { token: m.token, id: m.user.id };
  admin = { token: a.token, id: a.user.id };
  await insertArticle(env.DB, {
    id: "tools-article",
    title: "Harbour authority approves new ferry timetable",
    body: "The harbour authority approved a new winter ferry timetable on Monday after talks with crews.\n\nThe timetable adds a late sailing on Fridays, officials said, because demand has grown since spring.",
    tldr: "stale tldr",
    categories: ["business"],
  });
  await insertArticle(env.DB, { id: "to-hide", categories: ["world"] });
});

const call = (method: string, path: string, token: string, body?: unknown) =>
  SELF.fetch(`${BASE}${path}`, {
    method,
    headers: { ...bearer(token), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

const version = async () =>
  (await env.DB.prepare("SELECT version FROM content_version WHERE id = 1").first<{ version: number }>())!.version;
const lastLog = () =>
  env.DB.prepare(
    "SELECT actor_id AS actorId, action, target_id AS targetId, reason FROM moderation_log ORDER BY id DESC LIMIT 1",
  ).first();

describe("regenerate", () => {
  it("summary: rewrites it from the stored text, answers with the new fields and the spec's message", async () => {
    const before = await version();
    const res = await call("POST", "/api/articles/tools-article/regenerate-summary", moderator.token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: boolean;
      data: { id: string; tldr: string; summary: Record<string, string> };
      message: string;
    };
    expect(body).toMatchObject({
      success: true,
      message: "Summary regenerated successfully",
      data: { id: "tools-article" },
    });
    expect(body.data.tldr).not.toBe("stale tldr");
    expect(Object.keys(body.data.summary).sort()).toEqual(["how", "what", "when", "where", "who", "why"]);
    expect(await version()).toBe(before + 1);
    expect(await lastLog()).toEqual({
      actorId: moderator.id,
      action: "article.regenerate-summary",
      targetId: "tools-article",
      reason: null,
    });
    const article = (await (await SELF.fetch(`${BASE}/api/articles/tools-article`)).json()) as {
      data: { tldr: string };
    };
    expect(article.data.tldr).toBe(body.data.tldr);
  });

  it("image: the page cannot be read again here, so the category image, never a broken one", async () => {
    const res = await call("POST", "/api/articles/tools-article/regenerate-image", admin.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: { id: "tools-article", thumbnailUrl: "/api/images/category/business.svg", imageAttribution: null },
      message: "Image regenerated successfully",
    });
    expect(await lastLog()).toMatchObject({ actorId: admin.id, action: "article.regenerate-image" });
  });

  it("location: {success, location, message} with the place the text names, stored on the article", async () => {
    await insertArticle(env.DB, {
      id: "located",
      title: "Rotterdam dockworkers strike",
      body: "Dockworkers in Rotterdam, the Netherlands, began a 48-hour strike on Monday over pay and automation at the port.",
    });
    const res = await call("POST", "/api/articles/located/regenerate-location", moderator.token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: boolean;
      location: { location: string; locationCity: string; locationCountry: string };
      message: string;
    };
    expect(body).toMatchObject({
      success: true,
      message: "Location regenerated successfully",
      location: { locationCity: "Rotterdam", locationCountry: "Netherlands" },
    });
    expect(await env.DB.prepare("SELECT location_city AS city FROM articles WHERE id = 'located'").first()).toEqual({
      city: "Rotterdam",
    });
  });

  it("location: {success, location, message}, with the spec's words when the text names no place", async () => {
    await insertArticle(env.DB, {
      id: "placeless",
      title: "A quiet update",
      body: "Nothing was said about any place at all in this short text.",
    });
    const res = await call("POST", "/api/articles/placeless/regenerate-location", moderator.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, location: null, message: "No location information found" });
    expect(await lastLog()).toMatchObject({ action: "article.regenerate-location", targetId: "placeless" });
  });

  it("answers 404 for an unknown article", async () => {
    const res = await call("POST", "/api/articles/no-such-article/regenerate-summary", moderator.token);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Article not found" });
  });
});

describe("PUT /api/articles/admin/{id}/hide", () => {
  it("requires a non-empty reason", async () => {
    for (const body of [{}, { reason: "" }, { reason: "   " }]) {
      const res = await call("PUT", "/api/articles/admin/to-hide/hide", admin.token, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: "A reason is required to hide an article" });
    }
  });

  it("hides the article from every feed at once, logged with the admin and the reason", async () => {
    const feedIds = async () =>
      ((await (await SELF.fetch(`${BASE}/api/articles?limit=50`)).json()) as { data: { id: string }[] }).data.map(
        (a) => a.id,
      );
    expect(await feedIds()).toContain("to-hide");
    const before = await version();
    const res = await call("PUT", "/api/articles/admin/to-hide/hide", admin.token, {
      reason: "Duplicate of another story",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: { id: "to-hide", hidden: true },
      message: "Article hidden successfully",
    });
    expect(await version()).toBe(before + 1);
    expect(await feedIds()).not.toContain("to-hide");
    expect((await SELF.fetch(`${BASE}/api/articles/to-hide`)).status).toBe(404);
    expect(await lastLog()).toEqual({
      actorId: admin.id,
      action: "article.hide",
      targetId: "to-hide",
      reason: "Duplicate of another story",
    });
    expect(
      await env.DB.prepare(
        "SELECT status, hidden_reason AS reason, hidden_by AS hiddenBy FROM articles WHERE id = 'to-hide'",
      ).first(),
    ).toEqual({ status: "hidden", reason: "Duplicate of another story", hiddenBy: admin.id });
  });

  it("answers 404 for an unknown article", async () => {
    const res = await call("PUT", "/api/articles/admin/nope/hide", admin.token, { reason: "x" });
    expect(res.status).toBe(404);
  });
});
