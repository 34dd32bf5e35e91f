// GET /api/auth/me/export (ADR 017): a JSON file of everything stored about the caller, as stored, and
// nothing about anyone else; never cached; signed out 401.
import { env } from "cloudflare:test";
import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_VERSION,
  type AccountExport,
} from "@unbiased/worker-shared/contracts/account";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { call, commentOn, type Reader, voteEventsLanded, voteOn, voteOnComment } from "./support/account.ts";
import { banUser, devSignIn } from "./support/session.ts";

let ada: Reader & { refreshCookie: string | null };
let bob: Reader;
const ids = { adaComment: "", bobComment: "" };

/** Two readers who did the same kinds of things, on the same article, so a leak would show. */
beforeAll(async () => {
  const article = await insertArticle(env.DB, { id: "export-article" });
  await insertArticle(env.DB, { id: "export-article-2" });
  ada = await devSignIn("user", "Ada Exporter");
  bob = await devSignIn("user", "Bob Bystander");
  await voteOn(ada, article.id, "upvote");
  await voteOn(ada, "export-article-2", "downvote");
  await voteOn(bob, article.id, "downvote");
  ids.adaComment = await commentOn(ada, { articleId: article.id }, "Ada's own words");
  ids.bobComment = await commentOn(bob, { articleId: article.id }, "Bob's own words");
  await voteOnComment(ada, ids.bobComment, "upvote");
  await voteOnComment(bob, ids.adaComment, "downvote");
  for (const reader of [ada, bob]) {
    expect(
      (await call("POST", `/api/articles/${article.id}/report`, reader.token, { reason: "Misleading" })).status,
    ).toBe(201);
    expect(
      (await call("POST", "/api/submissions/url", reader.token, { url: `https://news.example/${reader.user.id}` }))
        .status,
    ).toBe(202);
  }
  expect(
    (await call("POST", `/api/comments/${ids.bobComment}/report`, ada.token, { reason: "Off topic" })).status,
  ).toBe(201);
  expect(
    (await call("POST", `/api/comments/${ids.adaComment}/report`, bob.token, { reason: "Rude words" })).status,
  ).toBe(201);
  await voteEventsLanded();
});

async function exportOf(token: string) {
  const res = await call("GET", "/api/auth/me/export", token);
  return { res, text: await res.text() };
}

describe("GET /api/auth/me/export", () => {
  it("answers a signed-out caller 401 in the envelope", async () => {
    const res = await call("GET", "/api/auth/me/export");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: "Authentication required" });
  });

  it("is a JSON file to download, never stored by a browser or a proxy", async () => {
    const { res, text } = await exportOf(ada.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="unbiased247-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const data = JSON.parse(text) as AccountExport;
    expect(data.format).toBe(ACCOUNT_EXPORT_FORMAT);
    expect(data.version).toBe(ACCOUNT_EXPORT_VERSION);
  });

  it("holds the caller's profile, sessions without secrets, votes, comments, comment votes, reports and submissions", async () => {
    const data = JSON.parse((await exportOf(ada.token)).text) as AccountExport;
    expect(data.profile).toMatchObject({ id: ada.user.id, email: ada.user.email, name: "Ada Exporter", role: "user" });
    expect(data.profile.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // +1 for the approval of Ada's comment, -1 for the downvote it received.
    expect(data.reputation.current).toMatchObject({ score: 0, totalDownvotes: 1, approvedComments: 1 });
    expect(data.reputation.changes).toHaveLength(2);
    expect(data.reputation.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ delta: 1, reason: "comment approved" }),
        expect.objectContaining({ delta: -1, reason: "votes received" }),
      ]),
    );

    expect(data.sessions).toHaveLength(1);
    expect(Object.keys(data.sessions[0] ?? {}).sort()).toEqual([
      "createdAt",
      "expiresAt",
      "id",
      "lastUsedAt",
      "revokedAt",
    ]);
    // Nor any part of the refresh token (its signature is the secret part).
    const signature = ada.refreshCookie?.split(".").at(-1);
    expect(signature).toBeTruthy();
    expect(JSON.stringify(data)).not.toContain(signature);

    expect(data.articleVotes.current.map((v) => [v.articleId, v.voteType]).sort()).toEqual([
      ["export-article", "upvote"],
      ["export-article-2", "downvote"],
    ]);
    expect(data.articleVotes.events).toHaveLength(2);
    // The text comes from the comment's thread object, where D1 keeps only its digest (ADR 022 step 19).
    expect(data.comments).toEqual([
      expect.objectContaining({ id: ids.adaComment, content: "Ada's own words", downvotes: 1 }),
    ]);
    expect(data.comments[0]).not.toHaveProperty("textInThread");
    const stored = await env.DB.prepare("SELECT content FROM comments WHERE id = ?")
      .bind(ids.adaComment)
      .first<{ content: string }>();
    expect(stored?.content).toMatch(/^sha256:/);
    expect(data.commentVotes).toEqual([expect.objectContaining({ commentId: ids.bobComment, voteType: "upvote" })]);
    expect(data.reports.articles).toEqual([
      expect.objectContaining({ articleId: "export-article", reason: "Misleading" }),
    ]);
    expect(data.reports.comments).toEqual([
      expect.objectContaining({ commentId: ids.bobComment, reason: "Off topic" }),
    ]);
    expect(data.submissions).toEqual([
      expect.objectContaining({ url: `https://news.example/${ada.user.id}`, status: "queued" }),
    ]);
  });

  it("holds nothing of anyone else's", async () => {
    const { text } = await exportOf(ada.token);
    for (const foreign of [bob.user.id, bob.user.email, "Bob Bystander", "Bob's own words", "Rude words"]) {
      expect(text).not.toContain(foreign);
    }
    // And Bob's holds his, not Ada's.
    const bobs = JSON.parse((await exportOf(bob.token)).text) as AccountExport;
    expect(bobs.profile.id).toBe(bob.user.id);
    expect(bobs.comments.map((c) => c.id)).toEqual([ids.bobComment]);
    expect(JSON.stringify(bobs)).not.toContain(ada.user.id);
  });

  it("lets a banned reader download theirs, without the staff member's id", async () => {
    const banned = await devSignIn("user", "Banned Exporter");
    const staff = await devSignIn("moderator", "Banning Moderator");
    await banUser(banned.user.id);
    await env.DB.prepare("UPDATE bans SET banned_by = ? WHERE user_id = ?").bind(staff.user.id, banned.user.id).run();
    const { res, text } = await exportOf(banned.token);
    expect(res.status).toBe(200);
    const data = JSON.parse(text) as AccountExport;
    expect(data.bans).toEqual([expect.objectContaining({ banType: "permanent", reason: "test ban", liftedAt: null })]);
    expect(text).not.toContain(staff.user.id);
  });

  it("lists a day's votes received once when D1 and the author's object both hold part of it", async () => {
    // The day the objects took over: D1 kept the morning's entry (ADR 022), the object the rest.
    const reader = await devSignIn("user", "Split Day Author");
    const voter = await devSignIn("user", "Split Day Voter");
    await insertArticle(env.DB, { id: "export-split-day" });
    const comment = await commentOn(reader, { articleId: "export-split-day" }, "Voted on across the switch");
    await voteOnComment(voter, comment, "upvote");
    const today = new Date().toISOString().slice(0, 10);
    const morning = Date.parse(`${today}T00:00:01Z`);
    await env.DB.prepare(
      "INSERT INTO reputation_changes (id, user_id, delta, reason, actor_id, created_at) VALUES (?, ?, 3, 'votes received', NULL, ?)",
    )
      .bind(`votes received:${reader.user.id}:${today}`, reader.user.id, morning)
      .run();
    const data = JSON.parse((await exportOf(reader.token)).text) as AccountExport;
    const received = data.reputation.changes.filter((change) => change.reason === "votes received");
    expect(received).toEqual([expect.objectContaining({ delta: 4, createdAt: new Date(morning).toISOString() })]);
  });

  it(`is limited to ${RATE_LIMITS.dataExport.limit} downloads an hour`, async () => {
    const reader = await devSignIn("user", "Eager Exporter");
    for (let i = 0; i < RATE_LIMITS.dataExport.limit; i++) expect((await exportOf(reader.token)).res.status).toBe(200);
    const over = (await exportOf(reader.token)).res;
    expect(over.status).toBe(429);
    expect(over.headers.get("Retry-After")).toBeTruthy();
  });
});
