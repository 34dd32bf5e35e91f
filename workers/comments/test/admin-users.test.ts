// ModMe people (spec §7): user list, reputation record and tiers, a user's comments, moderation stats.
import { env } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { call, insertComment, insertReport, signIn, type Caller } from "./support/modme.ts";

let mod: Caller;
let writer: Caller;

const setScore = (userId: string, score: number) =>
  env.DB.prepare("UPDATE user_reputation SET score = ? WHERE user_id = ?").bind(score, userId).run();

beforeAll(async () => {
  mod = await signIn("moderator");
  writer = await signIn("user", { name: "Prolific Pia", email: "Pia@Example.com" });
  await insertArticle(env.DB, { id: "users-article" });
  for (let i = 0; i < 3; i++) await insertComment(writer.userId, "users-article", { status: "approved" });
  await insertComment(writer.userId, "users-article", { status: "pending" });
  await insertComment(writer.userId, "users-article", { status: "deleted" });
});

describe("GET /api/comments/admin/users", () => {
  it("lists every user with the spec's fields, comment counts and approval rate", async () => {
    const res = await call("GET", "/api/comments/admin/users", mod.admin);
    expect(res.status).toBe(200);
    const pia = res.body.data.users.find((u: { userId: string }) => u.userId === writer.userId);
    expect(pia).toEqual({
      userId: writer.userId,
      name: "Prolific Pia",
      email: "Pia@Example.com",
      reputationScore: 0,
      tier: "New User",
      totalComments: 4,
      approvedComments: 3,
      pendingComments: 1,
      approvalRate: 75,
      last_login: null,
      role: "user",
    });
    const modRow = res.body.data.users.find((u: { userId: string }) => u.userId === mod.userId);
    expect(modRow).toMatchObject({ totalComments: 0, approvalRate: 0, role: "moderator" });
  });
});

describe("GET /api/comments/admin/user/{id}/reputation", () => {
  it.each([
    [-1, "Restricted User"],
    [0, "New User"],
    [4, "New User"],
    [5, "Established User"],
    [9, "Established User"],
    [10, "Trusted User"],
  ])("gives score %i the tier %s", async (score, tier) => {
    const person = await signIn("user");
    await setScore(person.userId, score);
    const res = await call("GET", `/api/comments/admin/user/${person.userId}/reputation`, mod.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      userId: person.userId,
      email: person.email,
      name: person.name,
      reputationScore: score,
      totalUpvotes: 0,
      totalDownvotes: 0,
      approvedComments: 0,
      tier,
    });
  });

  it("answers 404 'User not found' for an unknown id", async () => {
    expect(await call("GET", "/api/comments/admin/user/nobody/reputation", mod.admin)).toEqual({
      status: 404,
      body: { success: false, error: "User not found" },
    });
  });
});

describe("GET /api/comments/admin/user/{id}/comments", () => {
  it("pages a user's comments (50 by default), newest first, without deleted ones", async () => {
    const many = await signIn("user", { name: "Many Comments" });
    for (let i = 0; i < 53; i++) {
      await insertComment(many.userId, "users-article", {
        status: i % 2 ? "approved" : "pending",
        createdAt: Date.now() - 100_000 + i,
      });
    }
    const first = await call("GET", `/api/comments/admin/user/${many.userId}/comments`, mod.admin);
    expect(first.status).toBe(200);
    expect(first.body.data.user).toEqual({
      userId: many.userId,
      name: "Many Comments",
      email: many.email,
      totalComments: 53,
    });
    expect(first.body.data.comments).toHaveLength(50);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 50, total: 53, totalPages: 2 });
    const item = first.body.data.comments[0];
    expect(Object.keys(item).sort()).toEqual(
      ["id", "parentId", "articleId", "content", "status", "createdAt", "upvotes", "downvotes", "score"].sort(),
    );
    expect(item.createdAt >= first.body.data.comments[1].createdAt).toBe(true);
    const second = await call("GET", `/api/comments/admin/user/${many.userId}/comments?page=2&limit=50`, mod.admin);
    expect(second.body.data.comments).toHaveLength(3);
    expect((await call("GET", "/api/comments/admin/user/nobody/comments", mod.admin)).status).toBe(404);
  });
});

describe("GET /api/comments/admin/queue/status", () => {
  it("returns the spec's moderation stats in data.queue", async () => {
    const before = (await call("GET", "/api/comments/admin/queue/status", mod.admin)).body.data.queue;
    const negative = await signIn("user");
    await setScore(negative.userId, -2);
    const commentId = await insertComment(negative.userId, "users-article", { status: "pending" });
    await insertReport(commentId, writer.userId);
    const after = (await call("GET", "/api/comments/admin/queue/status", mod.admin)).body.data.queue;
    expect(Object.keys(after).sort()).toEqual(
      ["total", "pending", "pendingReports", "negativeReputationUsers", "activeUsers"].sort(),
    );
    expect(after.total - before.total).toBe(1);
    expect(after.pending - before.pending).toBe(1);
    expect(after.pendingReports - before.pendingReports).toBe(1);
    expect(after.negativeReputationUsers - before.negativeReputationUsers).toBe(1);
    expect(after.activeUsers - before.activeUsers).toBe(1);
  });
});

describe("GET /api/comments/admin/queue/jobs", () => {
  it("counts comment-events jobs per state", async () => {
    const now = Date.now();
    const statuses = ["pending", "processing", "completed", "completed", "failed"];
    for (const [i, status] of statuses.entries()) {
      await env.DB.prepare(
        "INSERT INTO queue_jobs (id, queue, kind, status, attempts, created_at, updated_at) VALUES (?, 'unbiased-comment-events', 'comment.created', ?, 1, ?, ?)",
      )
        .bind(`jobs-${i}`, status, now, now)
        .run();
    }
    await env.DB.prepare(
      "INSERT INTO queue_jobs (id, queue, kind, status, attempts, created_at, updated_at) VALUES ('other-queue', 'unbiased-vote-events', 'vote', 'pending', 0, ?, ?)",
    )
      .bind(now, now)
      .run();
    const res = await call("GET", "/api/comments/admin/queue/jobs", mod.admin);
    expect(res.body).toEqual({
      success: true,
      data: { queue: { pending: 1, processing: 1, completed: 2, failed: 1, total: 5 }, windowHours: 24 },
    });
  });
});
