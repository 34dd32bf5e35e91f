// The voting service's ModMe APIs: queue status and tracking take a staff role AND the gate's admin token.
import { env } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import { VOTE_EVENTS_QUEUE } from "../src/jobs/vote-events.ts";
import { dayOf, recordEvents, shardOf, voteLog } from "../src/storage/vote-log-days.ts";
import { call, json, signedInUser } from "./support/people.ts";
import { deliver, deliverDeadLetter } from "./support/queue.ts";

const change = (articleId: string, userId: string, at = Date.now()) => ({
  articleId,
  userId,
  voteType: "upvote",
  previousVote: null,
  upvotes: 1,
  downvotes: 0,
  ip: "192.0.2.44",
  at,
});

describe("ModMe access", () => {
  it.each([
    "/api/votes/queue/status",
    "/api/votes/tracking/statistics",
    "/api/votes/tracking/problematic",
    "/api/votes/tracking/user/someone",
    "/api/votes/tracking/ip/192.0.2.1",
  ])("%s: 401 without a token, 403 for a reader, 403 'Admin access required' for a plain staff token", async (path) => {
    expect((await call(path)).status).toBe(401);
    const reader = await signedInUser("user");
    expect((await call(path, { token: reader.adminToken })).status).toBe(403);
    const moderator = await signedInUser("moderator");
    const plain = await call(path, { token: moderator.token });
    expect(plain.status).toBe(403);
    expect(await json(plain)).toEqual({ success: false, error: "Admin access required" });
    expect((await call(path, { token: moderator.adminToken })).status).toBe(200);
  });
});

describe("GET /api/votes/queue/status", () => {
  it("counts the vote-events messages by state over the stated window", async () => {
    const admin = await signedInUser("admin");
    const before = await json<{ data: Record<string, number> }>(
      await call("/api/votes/queue/status", { token: admin.adminToken }),
    );
    const { id: articleId } = await insertArticle(env.DB);
    const voter = await signedInUser();
    const now = Date.now();
    // Two completed, one failed for good (last attempt), one waiting for its retry, one never consumed.
    await deliver([
      { id: "q1", body: { jobId: "status-1", kind: "vote.changed", payload: change(articleId, voter.id, now) } },
      { id: "q2", body: { jobId: "status-2", kind: "vote.changed", payload: change(articleId, voter.id, now + 1) } },
    ]);
    const doomed = { id: "q3", body: { jobId: "status-3", kind: "vote.changed", payload: {} } };
    await deliver([{ ...doomed, attempts: 4 }]);
    await deliverDeadLetter([doomed]);
    await deliver([{ id: "q4", body: { jobId: "status-4", kind: "vote.changed", payload: {} } }]);
    await env.DB.prepare(
      "INSERT INTO queue_jobs (id, queue, kind, status, attempts, created_at, updated_at) VALUES ('status-5', ?, 'vote.changed', 'pending', 0, ?, ?)",
    )
      .bind(VOTE_EVENTS_QUEUE, now, now)
      .run();
    // Outside the 24 h window: not counted.
    await env.DB.prepare(
      "INSERT INTO queue_jobs (id, queue, kind, status, attempts, created_at, updated_at) VALUES ('status-old', ?, 'vote.changed', 'completed', 1, ?, ?)",
    )
      .bind(VOTE_EVENTS_QUEUE, now - 25 * 3600_000, now - 25 * 3600_000)
      .run();
    const res = await call("/api/votes/queue/status", { token: admin.adminToken });
    const body = await json<{ success: boolean; data: Record<string, number>; windowHours: number }>(res);
    expect(body.windowHours).toBe(24);
    const grew = Object.fromEntries(Object.entries(body.data).map(([k, v]) => [k, v - (before.data[k] ?? 0)]));
    expect(grew).toEqual({ pending: 2, processing: 0, completed: 2, failed: 1, total: 5 });
  });
});

describe("tracking", () => {
  it("reports a user's and an IP's activity, statistics and problematic users, and cleans up", async () => {
    const { id: articleId } = await insertArticle(env.DB);
    const moderator = await signedInUser("moderator");
    const [heavy, light] = [await signedInUser(), await signedInUser()];
    const now = Date.now();
    const rows = [
      ...Array.from({ length: 3 }, (_, i) => ({ id: `t-heavy-${i}`, user: heavy.id, ip: "192.0.2.10", at: now - i })),
      { id: "t-light", user: light.id, ip: "192.0.2.10", at: now },
      { id: "t-old", user: light.id, ip: "192.0.2.11", at: now - 48 * 3600_000 },
    ];
    await recordEvents(
      env,
      rows.map((r) => ({
        id: r.id,
        articleId,
        userId: r.user,
        voteType: "upvote" as const,
        previousVote: "none" as const,
        ip: r.ip,
        at: r.at,
      })),
    );
    const get = async (path: string) =>
      (await json<{ data: Record<string, unknown> }>(await call(path, { token: moderator.adminToken }))).data;

    expect(await get(`/api/votes/tracking/user/${heavy.id}?hours=1`)).toMatchObject({
      userId: heavy.id,
      hours: 1,
      total_votes: 3,
      upvotes: 3,
      unique_articles: 1,
    });
    expect(await get("/api/votes/tracking/ip/192.0.2.10")).toMatchObject({ total_votes: 4, unique_users: 2 });
    expect(await get("/api/votes/tracking/problematic?threshold=3&hours=1")).toMatchObject({
      users: [{ userId: heavy.id, total_votes: 3 }],
      count: 1,
    });
    const stats = await get("/api/votes/tracking/statistics?hours=72");
    expect(stats).toMatchObject({ hours: 72 });
    expect(stats.total_votes).toBeGreaterThanOrEqual(5);

    const cleanup = await call("/api/votes/tracking/cleanup", { token: moderator.adminToken, body: { hours: 24 } });
    expect((await json<{ data: { deleted: number } }>(cleanup)).data.deleted).toBeGreaterThanOrEqual(1);
    const left = await Promise.all(
      rows.map(async (r) => (await voteLog(env, dayOf(r.at), shardOf(r.user)).eventsOf(r.user)).map((e) => e.id)),
    );
    expect([...new Set(left.flat())].sort()).toEqual(["t-heavy-0", "t-heavy-1", "t-heavy-2", "t-light"]);
    const bad = await call("/api/votes/tracking/statistics?hours=-1", { token: moderator.adminToken });
    expect(bad.status).toBe(400);
  });
});
