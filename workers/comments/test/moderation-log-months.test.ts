// The moderation log in its months' objects (ADR 022 step 20): an action's entry waits in D1's
// `moderation_log` only until a move (the cron, any read of the log, the move script's call) takes it
// to the ModerationLogMonth object of its UTC month. Reads page across months newest first; an entry
// moved twice is kept once; a backlog moves newest first, a run at a time.
import { env } from "cloudflare:test";
import type { ModerationLogEntry } from "@unbiased/worker-shared/contracts/moderation";
import { logMonthOf, type StoredModerationEntry } from "@unbiased/worker-shared/contracts/moderation-log-store";
import { createDb } from "@unbiased/worker-shared/db/client";
import { beforeAll, describe, expect, it } from "vitest";
import { deliverModerationLog } from "../src/storage/moderation-log-delivery.ts";
import { firstMatching, logMonthsAfterMove, readModerationLog } from "../src/storage/moderation-log-read.ts";
import { moderationLogMonth } from "../src/storage/objects.ts";
import { type Caller, call, signIn } from "./support/modme.ts";

let admin: Caller;
let mod: Caller;

beforeAll(async () => {
  admin = await signIn("admin", { name: "Months Admin" });
  mod = await signIn("moderator", { name: "Monthly Mona" });
});

const at = (iso: string) => Date.parse(iso);

/** Entries waiting in D1 as an action's batch leaves them; their ids, in order. */
async function logInD1(entries: { actorId: string | null; action: string; targetId: string; createdAt: number }[]) {
  const ids: number[] = [];
  for (const e of entries) {
    const row = await env.DB.prepare(
      `INSERT INTO moderation_log (actor_id, action, target_type, target_id, reason, details, created_at)
       VALUES (?, ?, 'comment', ?, 'why', ?, ?) RETURNING id`,
    )
      .bind(e.actorId, e.action, e.targetId, JSON.stringify({ articleId: "a-1" }), e.createdAt)
      .first<{ id: number }>();
    ids.push(row?.id ?? -1);
  }
  return ids;
}

const waitingInD1 = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM moderation_log").first<{ n: number }>())?.n ?? 0;

async function readPage(query: string) {
  const res = await call("GET", `/api/comments/admin/log?${query}`, mod.admin);
  expect(res.status).toBe(200);
  return res.body.data as { entries: ModerationLogEntry[]; pagination: { total: number }; actions: string[] };
}

describe("the moderation log's months", () => {
  it("moves waiting entries to their months' objects, and ModMe pages across the months newest first", async () => {
    const times = [
      ...Array.from({ length: 4 }, (_, i) => at(`2026-09-${10 + i}T12:00:00Z`)),
      ...Array.from({ length: 7 }, (_, i) => at(`2026-10-${20 + i}T08:00:00Z`)),
      // The month's last millisecond and the next one's first: each in its own month.
      at("2026-10-31T23:59:59.999Z"),
      at("2026-11-01T00:00:00.000Z"),
      ...Array.from({ length: 3 }, (_, i) => at(`2026-11-0${2 + i}T09:00:00Z`)),
    ];
    const ids = await logInD1(
      times.map((createdAt, i) => ({ actorId: mod.userId, action: "comment.approve", targetId: `m-${i}`, createdAt })),
    );

    const pages: number[][] = [];
    for (let page = 1; page <= 4; page++) {
      const { entries, pagination } = await readPage(`actor=${mod.userId}&limit=5&page=${page}`);
      expect(pagination.total).toBe(ids.length);
      pages.push(entries.map((e) => e.id));
    }
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 1]);
    expect(pages.flat()).toEqual([...ids].reverse());
    expect(await waitingInD1()).toBe(0);
    const months = await env.DB.prepare("SELECT month FROM moderation_log_months ORDER BY month").all<{
      month: string;
    }>();
    expect(months.results.map((r) => r.month)).toEqual(expect.arrayContaining(["2026-09", "2026-10", "2026-11"]));
    const october = await moderationLogMonth(env, "2026-10").slice({ actorIds: [mod.userId] }, 0, 100);
    expect(october.total).toBe(8);
    expect(october.entries.map((e) => e.targetId)).toContain("m-11");
    expect((await moderationLogMonth(env, "2026-11").slice({ target: "m-12" }, 0, 1)).total).toBe(1);

    // The filters hold across months: a moderator found by name, an action, a target.
    const byName = await readPage("actor=monthly mona&limit=100");
    expect(byName.entries).toHaveLength(ids.length);
    expect(byName.entries.every((e) => e.actorName === "Monthly Mona")).toBe(true);
    expect(byName.entries[0]).toMatchObject({ reason: "why", details: { articleId: "a-1" }, targetType: "comment" });
    expect((await readPage("target=m-3")).entries.map((e) => e.createdAt)).toEqual(["2026-09-13T12:00:00.000Z"]);
    expect((await readPage(`action=comment.approve&actor=${mod.userId}&page=2&limit=10`)).entries).toHaveLength(6);
    expect((await readPage("")).actions).toContain("comment.approve");
  });

  it("keeps an entry moved twice once (its object took it, D1's delete did not happen)", async () => {
    const [id] = await logInD1([
      { actorId: admin.userId, action: "comment.reject", targetId: "twice", createdAt: at("2026-08-05T10:00:00Z") },
    ]);
    const waiting = await env.DB.prepare(
      `SELECT id, actor_id AS actorId, action, target_type AS targetType, target_id AS targetId, reason, details,
         created_at AS createdAt FROM moderation_log WHERE id = ?`,
    )
      .bind(id)
      .first<StoredModerationEntry>();
    await moderationLogMonth(env, "2026-08").record([waiting as StoredModerationEntry]);

    const { entries, pagination } = await readPage("target=twice");
    expect(entries.map((e) => e.id)).toEqual([id]);
    expect(pagination.total).toBe(1);
    expect(await waitingInD1()).toBe(0);
    expect((await moderationLogMonth(env, "2026-08").slice({ target: "twice" }, 0, 10)).total).toBe(1);
  });

  it("moves a backlog newest first, a run at a time, until the move script's calls find none", async () => {
    const db = createDb(env.DB);
    const start = at("2026-06-20T00:00:00Z");
    // 450 entries over June and July in one statement (a backlog as D1 kept the log before the move).
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 449)
       INSERT INTO moderation_log (actor_id, action, target_type, target_id, reason, details, created_at)
       SELECT ?, 'user.unban', 'user', 'backlog-' || i, NULL, NULL, ? + i * 3600000 FROM n`,
    )
      .bind(admin.userId, start)
      .run();
    const oneRound = await deliverModerationLog(env, db, 1);
    expect(oneRound).toEqual({ moved: 200, more: true });
    // The newest went first: what waits is older than anything that moved.
    const waiting = await env.DB.prepare("SELECT max(created_at) AS newest, count(*) AS n FROM moderation_log").first<{
      newest: number;
      n: number;
    }>();
    expect(waiting?.n).toBe(250);
    expect(waiting?.newest).toBe(start + 249 * 3600_000);

    const refused = await call("POST", "/api/comments/admin/log/move", mod.admin, {});
    expect(refused.status).toBe(403);
    let next: string | null = null;
    let moved = 0;
    do {
      const res = await call("POST", "/api/comments/admin/log/move", admin.admin, { after: next });
      expect(res.status).toBe(200);
      moved += res.body.data.moved;
      next = res.body.data.next;
    } while (next);
    expect(moved).toBe(250);
    expect(await waitingInD1()).toBe(0);
    // Run again: nothing left to move.
    expect((await call("POST", "/api/comments/admin/log/move", admin.admin, {})).body.data).toEqual({
      moved: 0,
      next: null,
    });

    const byMonth = await Promise.all(
      ["2026-06", "2026-07"].map((month) =>
        moderationLogMonth(env, month).slice({ actorIds: [admin.userId], actions: ["user.unban"] }, 0, 0),
      ),
    );
    const lastAt = start + 449 * 3600_000;
    expect(byMonth.map((m) => m.total)).toEqual([
      (at("2026-07-01T00:00:00Z") - start) / 3600_000,
      (lastAt - at("2026-07-01T00:00:00Z")) / 3600_000 + 1,
    ]);
    expect(logMonthOf(lastAt)).toBe("2026-07");
    const unbans = await readPage(`action=user.unban&actor=${admin.userId}&limit=100&page=5`);
    expect(unbans.pagination.total).toBe(450);
    expect(unbans.entries.map((e) => e.targetId)).toEqual(Array.from({ length: 50 }, (_, i) => `backlog-${49 - i}`));
    // A user target whose account does not exist reads as deleted.
    expect(unbans.entries[0]).toMatchObject({ targetDeleted: true, actorName: "Months Admin" });
  });

  it("gives the public log's walk the same pages as ModMe's, across months, without a total", async () => {
    const db = createDb(env.DB);
    const query = { actorIds: [mod.userId] };
    const months = await logMonthsAfterMove(env, db);
    const all = await readModerationLog(env, months, query, 0, 100);
    for (const [offset, limit] of [
      [0, 6],
      [3, 5],
      [4, 9],
      [12, 10],
      [16, 3],
    ] as const) {
      const page = await firstMatching(env, months, query, offset, limit);
      expect(page.map((e) => e.id)).toEqual(all.entries.slice(offset, offset + limit).map((e) => e.id));
    }
  });

  it("finds a moderator by name on the read that first moves their entries", async () => {
    const newcomer = await signIn("moderator", { name: "Newcomer Nadia" });
    await logInD1([
      { actorId: newcomer.userId, action: "comment.approve", targetId: "nadia-1", createdAt: Date.now() },
    ]);
    const { entries } = await readPage("actor=newcomer nadia");
    expect(entries.map((e) => e.targetId)).toEqual(["nadia-1"]);
  });

  it("keeps in D1, never drops, an entry whose id its month holds for another entry (ids given again)", async () => {
    const month = logMonthOf(Date.now());
    const [kept] = await logInD1([
      { actorId: admin.userId, action: "comment.reject", targetId: "first-of-id", createdAt: Date.now() },
    ]);
    await readPage("target=first-of-id");
    // D1 gives the same id to another entry (as after a restore to an earlier time).
    await env.DB.prepare(
      `INSERT INTO moderation_log (id, actor_id, action, target_type, target_id, reason, details, created_at)
       VALUES (?, ?, 'comment.approve', 'comment', 'second-of-id', NULL, NULL, ?)`,
    )
      .bind(kept, admin.userId, Date.now())
      .run();
    const moved = await deliverModerationLog(env, createDb(env.DB));
    expect(moved).toEqual({ moved: 0, more: false });
    const waiting = await env.DB.prepare("SELECT target_id FROM moderation_log WHERE id = ?").bind(kept).first();
    expect(waiting).toEqual({ target_id: "second-of-id" });
    const held = await moderationLogMonth(env, month).slice({ target: "first-of-id" }, 0, 1);
    expect(held.entries.map((e) => e.id)).toEqual([kept]);
    await env.DB.prepare("DELETE FROM moderation_log WHERE id = ?").bind(kept).run();
  });

  it("answers a read when the move fails, with what had moved; the entry waits for a later move", async () => {
    await logInD1([
      { actorId: admin.userId, action: "comment.reject", targetId: "before-fault", createdAt: Date.now() },
    ]);
    await readPage("target=before-fault");
    // A time no date has: its month cannot be named, so the move fails on it.
    const [broken] = await logInD1([
      { actorId: admin.userId, action: "comment.reject", targetId: "unmovable", createdAt: 9e15 },
    ]);
    await expect(deliverModerationLog(env, createDb(env.DB))).rejects.toThrow(RangeError);
    const { entries } = await readPage("target=before-fault");
    expect(entries.map((e) => e.targetId)).toEqual(["before-fault"]);
    expect(await waitingInD1()).toBe(1);
    await env.DB.prepare("DELETE FROM moderation_log WHERE id = ?").bind(broken).run();
  });

  it("names a deleted actor '[deleted]', and finds staff by name only among the log's actors", async () => {
    await logInD1([{ actorId: "gone-user", action: "comment.reject", targetId: "gone-target", createdAt: Date.now() }]);
    const { entries } = await readPage("target=gone-target");
    expect(entries[0]).toMatchObject({ actorId: "gone-user", actorName: "[deleted]" });
    const actors = await env.DB.prepare("SELECT actor_id FROM moderation_log_actors ORDER BY actor_id").all<{
      actor_id: string;
    }>();
    expect(actors.results.map((r) => r.actor_id)).toEqual(
      expect.arrayContaining([admin.userId, "gone-user", mod.userId]),
    );
    // Only those who acted: the signed-in staff who never did are not listed.
    const bystander = await signIn("moderator", { name: "Bystander Bea" });
    expect(actors.results.map((r) => r.actor_id)).not.toContain(bystander.userId);
    expect((await readPage("actor=bystander")).entries).toEqual([]);
  });
});
