// ModMe decisions (spec §7): approve, reject with an optional ban (hours 1–8760, default 24), reputation
// adjustment (both shapes) with its tier and the negative-reputation rule, each written to the log.
import { env } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { historyOf } from "./support/comments.ts";
import { type Caller, call, insertComment, logEntries, signIn } from "./support/modme.ts";

let mod: Caller;
const ARTICLE = "decisions-article";

beforeAll(async () => {
  mod = await signIn("moderator", { name: "Deciding Dana" });
  await insertArticle(env.DB, { id: ARTICLE });
});

const statusOf = async (id: string) =>
  (await env.DB.prepare("SELECT status FROM comments WHERE id = ?").bind(id).first<{ status: string }>())?.status;
const activeBans = (userId: string) =>
  env.DB.prepare(
    "SELECT ban_type, expires_at, banned_at, reason, banned_by FROM bans WHERE user_id = ? AND lifted_at IS NULL",
  )
    .bind(userId)
    .all<{ ban_type: string; expires_at: number | null; banned_at: number; reason: string; banned_by: string }>();
const score = async (userId: string) =>
  (await env.DB.prepare("SELECT score FROM user_reputation WHERE user_id = ?").bind(userId).first<{ score: number }>())
    ?.score;

describe("PUT /api/comments/{id}/approve", () => {
  it("approves a pending comment (public from then on), +1 reputation, logged", async () => {
    const author = await signIn("user");
    const id = await insertComment(author.userId, ARTICLE);
    const res = await call("PUT", `/api/comments/${id}/approve`, mod.admin);
    expect(res).toEqual({
      status: 200,
      body: { success: true, data: { id, status: "approved" }, message: "Comment approved successfully" },
    });
    expect(await statusOf(id)).toBe("approved");
    expect(await score(author.userId)).toBe(1);
    const thread = await call("GET", `/api/comments/article/${ARTICLE}`);
    expect(JSON.stringify(thread.body.data.comments)).toContain(id);
    expect(await logEntries(id)).toEqual([
      expect.objectContaining({ actor_id: mod.userId, action: "comment.approve" }),
    ]);
    // Not pending any more.
    expect((await call("PUT", `/api/comments/${id}/approve`, mod.admin)).status).toBe(409);
    expect((await call("PUT", "/api/comments/no-such-comment/approve", mod.admin)).status).toBe(404);
  });
});

describe("PUT /api/comments/{id}/reject", () => {
  it("rejects without a ban by default", async () => {
    const author = await signIn("user");
    const id = await insertComment(author.userId, ARTICLE);
    const res = await call("PUT", `/api/comments/${id}/reject`, mod.admin, {});
    expect(res.body).toEqual({
      success: true,
      data: { id, status: "rejected", banType: "none" },
      message: "Comment rejected successfully",
    });
    expect(await statusOf(id)).toBe("rejected");
    expect((await activeBans(author.userId)).results).toEqual([]);
  });

  it.each([
    [1, 200],
    [8760, 200],
    [0, 400],
    [8761, 400],
    [1.5, 400],
  ])("takes a temporary ban of %s hours with status %i", async (hours, status) => {
    const author = await signIn("user");
    const id = await insertComment(author.userId, ARTICLE);
    const res = await call("PUT", `/api/comments/${id}/reject`, mod.admin, {
      banType: "temporary",
      hours,
      reason: "Spam",
    });
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(res.body).toEqual({ success: false, error: "Ban hours must be between 1 and 8760" });
      expect(await statusOf(id)).toBe("pending");
      return;
    }
    const [ban] = (await activeBans(author.userId)).results;
    expect(ban).toMatchObject({ ban_type: "temporary", reason: "Spam", banned_by: mod.userId });
    expect(ban?.expires_at).toBe((ban?.banned_at ?? 0) + hours * 3600_000);
  });

  it("defaults a temporary ban to 24 hours, refuses the user's writes, writes the notice to the outbox and the log", async () => {
    const author = await signIn("user", { email: "banned-author@example.com" });
    const id = await insertComment(author.userId, ARTICLE);
    const res = await call("PUT", `/api/comments/${id}/reject`, mod.admin, { banType: "temporary", reason: "Abuse" });
    expect(res.status).toBe(200);
    const [ban] = (await activeBans(author.userId)).results;
    expect(ban?.expires_at).toBe((ban?.banned_at ?? 0) + 24 * 3600_000);
    // The banned user cannot comment.
    const post = await call("POST", `/api/comments/article/${ARTICLE}`, author.access, { content: "Let me back in" });
    expect(post.status).toBe(403);
    const mail = await env.DB.prepare("SELECT subject, template FROM email_outbox WHERE to_email = ?")
      .bind("banned-author@example.com")
      .first();
    expect(mail).toEqual({
      subject: "Your Unbiased 24/7 account has been banned from commenting",
      template: "user-banned",
    });
    expect((await logEntries(author.userId)).map((e) => e.action)).toEqual(["user.ban"]);
    expect((await logEntries(id)).map((e) => e.action)).toEqual(["comment.reject"]);
  });

  it("bans permanently", async () => {
    const author = await signIn("user");
    const id = await insertComment(author.userId, ARTICLE);
    await call("PUT", `/api/comments/${id}/reject`, mod.admin, { banType: "permanent", reason: "Threats" });
    expect((await activeBans(author.userId)).results).toEqual([
      expect.objectContaining({ ban_type: "permanent", expires_at: null }),
    ]);
  });

  it("refuses an unknown ban type", async () => {
    const author = await signIn("user");
    const id = await insertComment(author.userId, ARTICLE);
    const res = await call("PUT", `/api/comments/${id}/reject`, mod.admin, { banType: "forever" });
    expect(res.status).toBe(400);
  });
});

describe("PUT /api/comments/admin/user/{id}/reputation", () => {
  it.each([
    ["abc", 400],
    ["1.5", 400],
    ["", 400],
    ["-3", 200],
    [2, 200],
  ])("takes the adjustment %j with status %i", async (adjustment, status) => {
    const person = await signIn("user");
    const res = await call("PUT", `/api/comments/admin/user/${person.userId}/reputation`, mod.admin, {
      adjustment,
      reason: "Checking",
    });
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(res.body).toEqual({ success: false, error: "Adjustment must be a valid number" });
      return;
    }
    const n = Number(adjustment);
    expect(res.body.message).toBe(`Reputation adjusted by ${n} points`);
    expect(res.body.data.reputationScore).toBe(n);
    expect(await logEntries(person.userId)).toEqual([
      expect.objectContaining({ actor_id: mod.userId, action: "user.reputation_adjust", reason: "Checking" }),
    ]);
    // The history entry (in the user's object, or still on its way there); who acted is in the log.
    expect(await historyOf(person.userId)).toEqual([expect.objectContaining({ delta: n, reason: "Checking" })]);
  });

  it("changes the tier across its boundaries and, below 0, moves the author's comments to pending", async () => {
    const person = await signIn("user");
    const approved = await insertComment(person.userId, ARTICLE, { status: "approved" });
    const adjust = (adjustment: number) =>
      call("PUT", `/api/comments/admin/user/${person.userId}/reputation`, mod.admin, { adjustment });
    expect((await adjust(10)).body.data).toMatchObject({ reputationScore: 10, tier: "Trusted User" });
    expect((await adjust(-1)).body.data).toMatchObject({ reputationScore: 9, tier: "Established User" });
    expect((await adjust(-4)).body.data).toMatchObject({ reputationScore: 5, tier: "Established User" });
    expect((await adjust(-1)).body.data).toMatchObject({ reputationScore: 4, tier: "New User" });
    expect((await adjust(-4)).body.data).toMatchObject({ reputationScore: 0, tier: "New User" });
    expect(await statusOf(approved)).toBe("approved");
    expect((await adjust(-1)).body.data).toMatchObject({ reputationScore: -1, tier: "Restricted User" });
    expect(await statusOf(approved)).toBe("pending");
  });

  it("accepts the spec's variant {userId, points, reason}, and 404s an unknown user", async () => {
    const person = await signIn("user");
    const res = await call("POST", "/api/comments/admin/reputation/adjust", mod.admin, {
      userId: person.userId,
      points: "7",
      reason: "Helpful",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ reputationScore: 7, tier: "Established User" });
    const missing = await call("PUT", "/api/comments/admin/user/nobody/reputation", mod.admin, { adjustment: 1 });
    expect(missing).toEqual({ status: 404, body: { success: false, error: "User not found" } });
  });
});
