// Reporters hear the outcome (ADR 018): GET /api/auth/me/reports lists the caller's own
// article and comment reports with their status, which the staff actions on the reported item set
// (hide, deactivate, reject, staff delete) and a dismissal sets; an author's own delete does not.
import { env } from "cloudflare:test";
import type { MyReport } from "@unbiased/worker-shared/contracts/reports";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import {
  commentBy,
  expectJson,
  hideArticle,
  type Person,
  person,
  reportArticle,
  reportComment,
  send,
} from "./support/staff-actions.ts";

let ada: Person;
let ben: Person;
let author: Person;
let moderator: Person;
let admin: Person;

const myReports = async (who: Person) =>
  (await expectJson<{ success: true; data: MyReport[] }>(send("GET", "/api/auth/me/reports", who.token))).data;
const statusOf = (reports: MyReport[]) =>
  Object.fromEntries(reports.map((r) => [`${r.kind}:${r.commentId ?? r.article.id}`, r.status]));

beforeAll(async () => {
  [ada, ben, author, moderator, admin] = await Promise.all([
    person("user", "Ada Reporter"),
    person("user", "Ben Reporter"),
    person("user", "Carl Author"),
    person("moderator", "Mo Derator"),
    person("admin", "Ad Min"),
  ]);
  await insertArticle(env.DB, { id: "mr-hidden", title: "A story that gets hidden" });
  await insertArticle(env.DB, { id: "mr-kept", title: "A story that stays" });
  await insertArticle(env.DB, { id: "mr-thread", title: "The thread's story" });
});

describe("GET /api/auth/me/reports", () => {
  it("is the caller's own reports, each with the outcome staff gave it and when", async () => {
    const deactivated = await commentBy(author.id, "mr-thread");
    const rejected = await commentBy(author.id, "mr-thread", "pending");
    const dismissed = await commentBy(author.id, "mr-thread");
    const selfDeleted = await commentBy(author.id, "mr-thread");
    const staffDeleted = await commentBy(author.id, "mr-thread");
    await reportArticle(ada, "mr-hidden", "False information");
    await reportArticle(ada, "mr-kept", "Spam or misleading content");
    for (const id of [deactivated, rejected, dismissed, selfDeleted, staffDeleted])
      await reportComment(ada, id, "Harassment or hate speech");
    await reportComment(ben, deactivated, "Violence or threats");

    expect(Object.values(statusOf(await myReports(ada)))).toEqual(Array(7).fill("pending"));

    const before = Date.now();
    await hideArticle(admin, "mr-hidden", "Copyright claim");
    await expectJson(send("PUT", `/api/comments/${deactivated}/deactivate`, moderator.token, { action: "hide" }));
    // ModMe's Reject, of a comment waiting for review.
    await expectJson(
      send("PUT", `/api/comments/${rejected}/reject`, moderator.adminToken, { banType: "none", reason: "Abuse" }),
    );
    const pendingReports = await expectJson<{ data: { reports: { id: string; comment_id: string }[] } }>(
      send("GET", "/api/comments/admin/reports", moderator.adminToken),
    );
    const toDismiss = pendingReports.data.reports.find((r) => r.comment_id === dismissed)!;
    await expectJson(send("PUT", `/api/comments/admin/reports/${toDismiss.id}/dismiss`, moderator.adminToken));
    await expectJson(send("DELETE", `/api/comments/${selfDeleted}`, author.token));
    // Only an admin deletes another reader's comment (spec §2 Article page extras).
    await expectJson(send("DELETE", `/api/comments/${staffDeleted}`, admin.token));

    const reports = await myReports(ada);
    expect(statusOf(reports)).toEqual({
      "article:mr-hidden": "actioned",
      "article:mr-kept": "pending",
      [`comment:${deactivated}`]: "actioned",
      [`comment:${rejected}`]: "actioned",
      [`comment:${dismissed}`]: "dismissed",
      // The author took it down, not staff: the report waits for review like any other.
      [`comment:${selfDeleted}`]: "pending",
      [`comment:${staffDeleted}`]: "actioned",
    });
    for (const report of reports) {
      const changed = new Date(report.changedAt).getTime();
      if (report.status === "pending") expect(report.changedAt).toBe(report.reportedAt);
      else expect(changed).toBeGreaterThanOrEqual(before);
    }
    // Newest first; the hidden article is named but has no page to open; a comment report opens its thread.
    expect(reports.map((r) => r.reportedAt)).toEqual(
      reports
        .map((r) => r.reportedAt)
        .sort()
        .reverse(),
    );
    const hidden = reports.find((r) => r.article.id === "mr-hidden")!;
    expect(hidden).toMatchObject({
      kind: "article",
      reason: "False information",
      article: { title: "A story that gets hidden", path: null },
      commentId: null,
    });
    expect(reports.find((r) => r.commentId === deactivated)!.article).toEqual({
      id: "mr-thread",
      title: "The thread's story",
      path: "/article/the-threads-story/mr-thread",
    });

    // Ben's report of the same comment has its own outcome, and only Ben sees it.
    expect(statusOf(await myReports(ben))).toEqual({ [`comment:${deactivated}`]: "actioned" });
  });

  it("holds only the caller's reports and nothing of other people: no reporter, staff member or author", async () => {
    const body = JSON.stringify(await myReports(ada));
    for (const other of [ben, author, moderator, admin])
      for (const trace of [other.id, other.email, other.name]) expect(body).not.toContain(trace);
    expect(body).not.toContain(ada.id);
    const fields = new Set((await myReports(ada)).flatMap((r) => Object.keys(r)));
    expect([...fields].sort()).toEqual(
      ["article", "changedAt", "commentId", "id", "kind", "reason", "reportedAt", "status"].sort(),
    );
    expect(await myReports(moderator)).toEqual([]);
  });

  it("is for the signed-in only, and never cached", async () => {
    const anonymous = await send("GET", "/api/auth/me/reports", null);
    expect(anonymous.status).toBe(401);
    const mine = await send("GET", "/api/auth/me/reports", ada.token);
    expect(mine.headers.get("Cache-Control")).toBe("no-store");
    expect(mine.headers.get("ETag")).toBeNull();
  });
});

describe("migration 0008 on reports filed before it", () => {
  it("marks reports of items staff already acted on as actioned, dated by that action, and leaves the rest", async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0008_"))!;
    const backfill = migration.queries.filter((q) => q.includes("UPDATE"));
    expect(backfill).toHaveLength(2);

    const old = Date.now() - 86_400_000;
    const rejectedLongAgo = await commentBy(author.id, "mr-thread", "pending");
    const untouched = await commentBy(author.id, "mr-thread");
    await insertArticle(env.DB, {
      id: "mr-old-hidden",
      status: "hidden",
      hiddenAt: old + 5000,
      hiddenBy: admin.id,
      hiddenReason: "Old hide",
    });
    const insert = (table: string, column: string, id: string, subject: string, status = "pending") =>
      env.DB.prepare(
        `INSERT INTO ${table} (id, ${column}, reporter_id, reason, status, created_at) VALUES (?, ?, ?, 'Old report', ?, ?)`,
      )
        .bind(id, subject, ben.id, status, old)
        .run();
    const insertCommentReport = (id: string, commentId: string) =>
      env.DB.prepare(
        "INSERT INTO comment_reports (id, comment_id, article_id, reporter_id, reason, status, created_at) VALUES (?, ?, 'mr-thread', ?, 'Old report', 'pending', ?)",
      )
        .bind(id, commentId, ben.id, old)
        .run();
    await insertCommentReport("old-c1", rejectedLongAgo);
    await insertCommentReport("old-c2", untouched);
    await insert("article_reports", "article_id", "old-a1", "mr-old-hidden", "dismissed");
    await env.DB.prepare(
      "INSERT INTO moderation_log (actor_id, action, target_type, target_id, created_at) VALUES (?, 'comment.reject', 'comment', ?, ?)",
    )
      .bind(moderator.id, rejectedLongAgo, old + 1000)
      .run();

    for (const query of backfill) await env.DB.prepare(query).run();

    const row = (table: string, id: string) =>
      env.DB.prepare(`SELECT status, resolved_at, resolved_by FROM ${table} WHERE id = ?`).bind(id).first();
    expect(await row("comment_reports", "old-c1")).toEqual({
      status: "actioned",
      resolved_at: old + 1000,
      resolved_by: moderator.id,
    });
    expect(await row("comment_reports", "old-c2")).toEqual({ status: "pending", resolved_at: null, resolved_by: null });
    expect(await row("article_reports", "old-a1")).toEqual({
      status: "actioned",
      resolved_at: old + 5000,
      resolved_by: admin.id,
    });
  });
});
