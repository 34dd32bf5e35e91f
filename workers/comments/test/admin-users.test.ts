// ModMe people (spec §7): user list, reputation record and tiers, a user's comments, moderation stats.
import { env } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, call, insertComment, insertReport, signIn } from "./support/modme.ts";

let mod: Caller;
let writer: Caller;

const setScore = (userId: string, score: number) =>
  env.DB.prepare(
    "INSERT INTO user_reputation (user_id, score, updated_at) VALUES (?, ?, 0) ON CONFLICT (user_id) DO UPDATE SET score = excluded.score",
  )
    .bind(userId, score)
    .run();

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

describe("GET /api/comments/admin/users: search and pages on the server", () => {
  const ids = (res: { body: { data: { users: { userId: string }[] } } }) => res.body.data.users.map((u) => u.userId);

  it("finds by part of the name or id and by part of the e-mail, any case, and counts every match", async () => {
    const quokkas = [];
    for (let i = 0; i < 3; i++)
      quokkas.push(await signIn("user", { name: `Quiet Quokka ${i}`, email: `quokka${i}@Burrow.test` }));
    const byName = await call("GET", "/api/comments/admin/users?q=quiet%20QUOKKA", mod.admin);
    expect(byName.status).toBe(200);
    expect(ids(byName).sort()).toEqual(quokkas.map((q) => q.userId).sort());
    expect(byName.body.data.pagination).toEqual({ page: 1, limit: 5000, total: 3, totalPages: 1 });

    const id = quokkas[1]?.userId ?? "";
    const byId = await call("GET", `/api/comments/admin/users?q=${id.toUpperCase()}`, mod.admin);
    expect(ids(byId)).toContain(id);
    expect(ids(byId).every((found) => found.includes(id))).toBe(true);

    const byEmail = await call("GET", "/api/comments/admin/users?email=QUOKKA2%40burrow", mod.admin);
    expect(ids(byEmail)).toEqual([quokkas[2]?.userId]);
    const both = await call("GET", "/api/comments/admin/users?q=quokka%201&email=quokka2", mod.admin);
    expect(both.body.data).toEqual({ users: [], pagination: { page: 1, limit: 5000, total: 0, totalPages: 1 } });
  });

  it("takes the search text literally: % and _ are not wildcards", async () => {
    const odd = await signIn("user", { name: "Percy 100%_sure" });
    expect(ids(await call("GET", "/api/comments/admin/users?q=100%25_sure", mod.admin))).toEqual([odd.userId]);
    const pct = await call("GET", "/api/comments/admin/users?q=%25", mod.admin);
    expect(ids(pct)).toEqual([odd.userId]);
  });

  it("pages newest first with limit and page, the total covering every page", async () => {
    const pages = [];
    for (let i = 0; i < 5; i++) {
      const person = await signIn("user", { name: `Paged Pangolin ${i}` });
      // Distinct sign-up times, a second apart: the order is then theirs, not the ids'.
      await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?")
        .bind(1_000_000 + i * 1000, person.userId)
        .run();
      pages.push(person);
    }
    const first = await call("GET", "/api/comments/admin/users?q=pangolin&limit=2", mod.admin);
    const third = await call("GET", "/api/comments/admin/users?q=pangolin&limit=2&page=3", mod.admin);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    expect(ids(first)).toHaveLength(2);
    expect(ids(third)).toHaveLength(1);
    const all = await call("GET", "/api/comments/admin/users?q=pangolin", mod.admin);
    expect(ids(all)).toEqual(pages.map((p) => p.userId).reverse());
    expect([
      ...ids(first),
      ...ids(await call("GET", "/api/comments/admin/users?q=pangolin&limit=2&page=2", mod.admin)),
      ...ids(third),
    ]).toEqual(ids(all));
  });

  it("refuses a limit above 100 or a page below 1 with 400", async () => {
    for (const query of ["limit=101", "page=0", "limit=abc"]) {
      const res = await call("GET", `/api/comments/admin/users?${query}`, mod.admin);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});

describe("GET /api/comments/admin/users/summary", () => {
  it("counts every user and the users of each tier", async () => {
    const before = (await call("GET", "/api/comments/admin/users/summary", mod.admin)).body.data;
    const trusted = await signIn("user");
    const restricted = await signIn("user");
    await signIn("user");
    await setScore(trusted.userId, 12);
    await setScore(restricted.userId, -3);
    const res = await call("GET", "/api/comments/admin/users/summary", mod.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      total: before.total + 3,
      tiers: {
        trusted: before.tiers.trusted + 1,
        established: before.tiers.established,
        new: before.tiers.new + 1,
        restricted: before.tiers.restricted + 1,
      },
    });
    const listed = await call("GET", "/api/comments/admin/users?limit=1", mod.admin);
    expect(listed.body.data.pagination.total).toBe(res.body.data.total);
  });

  it("is a ModMe API: a reader's token gets 401 or 403", async () => {
    const reader = await signIn("user");
    const res = await call("GET", "/api/comments/admin/users/summary", reader.access);
    expect([401, 403]).toContain(res.status);
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
