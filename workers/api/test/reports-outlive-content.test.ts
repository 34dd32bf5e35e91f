// A report outlives what it reported (ADR 018): when the reported comment is removed — an admin's
// permanent deletion, or its author deleting their account — the reporter's 'My reports' and data
// export still show the report, with the outcome content_removed and the article the comment was on,
// and staff's report history keeps the row.
import { env } from "cloudflare:test";
import type { MyReport } from "@unbiased/worker-shared/contracts/reports";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "./support/account.ts";
import { commentBy, expectJson, type Person, person, reportComment, send } from "./support/staff-actions.ts";

let reporter: Person;
let admin: Person;

beforeAll(async () => {
  [reporter, admin] = await Promise.all([person("user", "Outliving Reporter"), person("admin", "Outliving Admin")]);
  await insertArticle(env.DB, { id: "ro-article", title: "Flood barrier opens" });
});

const myReports = async () =>
  (await expectJson<{ data: MyReport[] }>(send("GET", "/api/auth/me/reports", reporter.token))).data;

async function exportedCommentReports() {
  const res = await send("GET", "/api/auth/me/export", reporter.token);
  expect(res.status).toBe(200);
  return ((await res.json()) as { reports: { comments: { id: string; status: string; articleId: string }[] } }).reports
    .comments;
}

const reportRow = (commentIdOrNull: string | null, reporterId: string) =>
  env.DB.prepare(
    "SELECT comment_id AS commentId, article_id AS articleId, status, resolved_by AS resolvedBy FROM comment_reports WHERE reporter_id = ? AND (comment_id IS ? OR comment_id = ?)",
  )
    .bind(reporterId, commentIdOrNull, commentIdOrNull)
    .all();

describe("a comment an admin deletes permanently", () => {
  it("keeps its reports: 'Content removed' on the reporter's profile and in their export", async () => {
    const author = await person("user", "Deleted Content Author");
    const comment = await commentBy(author.id, "ro-article");
    await reportComment(reporter, comment, "Spam or misleading content");
    const deleted = await send("DELETE", `/api/comments/${comment}?permanent=true`, admin.token);
    expect(deleted.status).toBe(200);

    expect(await env.DB.prepare("SELECT count(*) AS n FROM comments WHERE id = ?").bind(comment).first()).toEqual({
      n: 0,
    });
    const [report] = (await myReports()).filter((r) => r.kind === "comment");
    expect(report).toMatchObject({
      kind: "comment",
      reason: "Spam or misleading content",
      status: "content_removed",
      commentId: null,
      article: { id: "ro-article", title: "Flood barrier opens", path: "/article/flood-barrier-opens/ro-article" },
    });
    expect(await exportedCommentReports()).toEqual([
      expect.objectContaining({ id: report!.id, status: "content_removed", articleId: "ro-article" }),
    ]);
    // Staff's history: the row, who removed the content, and the log entry of the deletion.
    expect((await reportRow(null, reporter.id)).results).toEqual([
      { commentId: null, articleId: "ro-article", status: "content_removed", resolvedBy: admin.id },
    ]);
  });
});

describe("a comment whose author deletes their account", () => {
  it("keeps its reports as 'Content removed' when the author's comments go, unchanged when they are kept", async () => {
    const removedAuthor = await person("user", "Leaving Author Who Deletes");
    const keptAuthor = await person("user", "Leaving Author Who Keeps");
    const removed = await commentBy(removedAuthor.id, "ro-article");
    const kept = await commentBy(keptAuthor.id, "ro-article");
    await reportComment(reporter, removed, "Harassment or hate speech");
    await reportComment(reporter, kept, "False information");

    expect((await deleteAccount(removedAuthor.token, { confirm: "DELETE", comments: "delete" })).status).toBe(200);
    expect((await deleteAccount(keptAuthor.token, { confirm: "DELETE", comments: "keep" })).status).toBe(200);

    const reports = (await myReports()).filter((r) => r.kind === "comment");
    expect(reports.find((r) => r.reason === "Harassment or hate speech")).toMatchObject({
      status: "content_removed",
      commentId: null,
      article: { id: "ro-article" },
    });
    expect(reports.find((r) => r.reason === "False information")).toMatchObject({ status: "pending", commentId: kept });
    const exported = await exportedCommentReports();
    expect(exported.map((r) => r.status).sort()).toEqual(["content_removed", "content_removed", "pending"]);
  });
});
