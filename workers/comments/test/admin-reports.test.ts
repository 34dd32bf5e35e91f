// ModMe comment reports (spec §7): pending reports paged by 20 with data.total; dismiss.
import { env } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, call, insertComment, insertReport, logEntries, signIn } from "./support/modme.ts";

let mod: Caller;
let author: Caller;
const reportIds: string[] = [];

beforeAll(async () => {
  mod = await signIn("moderator");
  author = await signIn("user", { name: "Reported Rita" });
  await insertArticle(env.DB, { id: "reports-article" });
  for (let i = 0; i < 23; i++) {
    const commentId = await insertComment(author.userId, "reports-article", { status: "approved" });
    const reporter = await signIn("user", { name: `Reporter ${i}` });
    reportIds.push(await insertReport(commentId, reporter.userId, `Reason number ${i}`));
  }
});

describe("GET /api/comments/admin/reports", () => {
  it("pages pending reports by 20 by default and gives data.total", async () => {
    const first = await call("GET", "/api/comments/admin/reports", mod.admin);
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(23);
    expect(first.body.data.reports).toHaveLength(20);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 20, total: 23, totalPages: 2 });
    const second = await call("GET", "/api/comments/admin/reports?page=2", mod.admin);
    expect(second.body.data.reports).toHaveLength(3);
    const report = first.body.data.reports[0];
    expect(Object.keys(report).sort()).toEqual(
      [
        "id",
        "reason",
        "reported_at",
        "reporter_id",
        "reporter_name",
        "comment_id",
        "comment_content",
        "comment_author",
        "comment_author_id",
        "article_id",
      ].sort(),
    );
    expect(report).toMatchObject({ comment_author: "Reported Rita", comment_author_id: author.userId });
  });

  it("refuses a page size over 100 or a page below 1", async () => {
    expect((await call("GET", "/api/comments/admin/reports?limit=101", mod.admin)).status).toBe(400);
    expect((await call("GET", "/api/comments/admin/reports?page=0", mod.admin)).status).toBe(400);
  });
});

describe("PUT /api/comments/admin/reports/{id}/dismiss", () => {
  it("dismisses a pending report, logs it, and 404s on a second dismiss", async () => {
    const id = reportIds[0] ?? "";
    const res = await call("PUT", `/api/comments/admin/reports/${id}/dismiss`, mod.admin);
    expect(res).toEqual({
      status: 200,
      body: { success: true, data: { id, dismissed: true }, message: "Report dismissed successfully" },
    });
    expect(
      await env.DB.prepare("SELECT status, resolved_by FROM comment_reports WHERE id = ?").bind(id).first(),
    ).toEqual({ status: "dismissed", resolved_by: mod.userId });
    expect(await logEntries(id)).toEqual([
      expect.objectContaining({ actor_id: mod.userId, action: "comment_report.dismiss", target_type: "report" }),
    ]);
    const list = await call("GET", "/api/comments/admin/reports", mod.admin);
    expect(list.body.data.total).toBe(22);
    const again = await call("PUT", `/api/comments/admin/reports/${id}/dismiss`, mod.admin);
    expect(again).toEqual({ status: 404, body: { success: false, error: "Report not found" } });
  });
});
