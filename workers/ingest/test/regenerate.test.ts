// The staff tools' work (reached over RPC from the gateway; its access rules are tested there):
// regenerate summary, location and image, each logged with its actor and bumping the content version.
import { env } from "cloudflare:test";
import { SUMMARIZER_VERSION } from "@unbiased/worker-shared/summarizer/version";
import { insertArticle, insertUser } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { regenerate } from "../src/rpc/regenerate.ts";
import { contentVersion } from "./support/jobs.ts";
import { FIXTURES_ORIGIN } from "./support/origins.ts";

let actorId = "";

beforeAll(async () => {
  actorId = (await insertUser(env.DB, { role: "moderator" })).id;
  await insertArticle(env.DB, {
    id: "lisbon",
    url: `${FIXTURES_ORIGIN}/pages/article.html`,
    title: "Ferry operators and unions reach a deal in Gothenburg",
    body: "Ferry operators and the seafarers' union in Gothenburg, Sweden, agreed on Sunday to a new winter timetable, ending a dispute over rest days.\n\nThe deal adds a late sailing on Fridays, the union said.",
    categories: ["business"],
    tldr: "old",
    summarizerVersion: 0,
    location: "Nowhere",
  });
  await insertArticle(env.DB, {
    id: "placeless",
    url: `${FIXTURES_ORIGIN}/pages/missing.html`,
    title: "A quiet update",
    body: "Nothing was said about any place at all in this short text.",
    categories: ["tech"],
  });
});

const logFor = (articleId: string) =>
  env.DB.prepare(
    "SELECT actor_id AS actorId, action, target_type AS targetType FROM moderation_log WHERE target_id = ? ORDER BY id",
  )
    .bind(articleId)
    .all()
    .then((r) => r.results);

describe("regenerate", () => {
  it("rewrites the summary from the stored text, logs the actor and bumps the content version", async () => {
    const version = await contentVersion();
    const outcome = await regenerate(env, "lisbon", "summary", actorId);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.data.tldr).not.toBe("old");
    expect(Object.keys(outcome.data.summary).sort()).toEqual(["how", "what", "when", "where", "who", "why"]);
    const row = await env.DB.prepare(
      "SELECT tldr, summary, summarizer_version AS version FROM articles WHERE id = 'lisbon'",
    ).first<{
      tldr: string;
      summary: string;
      version: number;
    }>();
    expect(row!.tldr).toBe(outcome.data.tldr);
    expect(row!.version).toBe(SUMMARIZER_VERSION);
    expect(JSON.parse(row!.summary)).toEqual(outcome.data.summary);
    expect(await contentVersion()).toBe(version + 1);
    expect(await logFor("lisbon")).toEqual([{ actorId, action: "article.regenerate-summary", targetType: "article" }]);
  });

  it("re-reads the page's image, credited to its site", async () => {
    const outcome = await regenerate(env, "lisbon", "image", actorId);
    expect(outcome).toEqual({
      ok: true,
      data: {
        thumbnailUrl: "https://fixtures.example/images/ferry.jpg",
        imageAttribution: "Image: Harbour & Coast Daily",
      },
    });
  });

  it("falls back to the category image when the page cannot be read again", async () => {
    const outcome = await regenerate(env, "placeless", "image", actorId);
    expect(outcome).toEqual({
      ok: true,
      data: { thumbnailUrl: "/api/images/category/tech.svg", imageAttribution: null },
    });
  });

  it("writes what the text says about the place, null when it names none", async () => {
    const outcome = await regenerate(env, "placeless", "location", actorId);
    expect(outcome).toEqual({ ok: true, data: { location: null, locationCity: null, locationCountry: null } });
    expect(await env.DB.prepare("SELECT location FROM articles WHERE id = 'placeless'").first()).toEqual({
      location: null,
    });
  });

  it("answers 404 for an unknown article and writes nothing", async () => {
    const version = await contentVersion();
    expect(await regenerate(env, "no-such-article", "summary", actorId)).toEqual({
      ok: false,
      status: 404,
      error: "Article not found",
    });
    expect(await contentVersion()).toBe(version);
  });
});
