// Settled reports leave D1 REVIEWED_REPORT_DAYS after they were filed and settled (ADR 022 step 22):
// the comments worker's cron deletes the comment reports (the gateway's, the article reports, with the
// same shared function). A pending report stays however old; a report reviewed lately stays its days.
import { env } from "cloudflare:test";
import { COMMENT_MESSAGES } from "@unbiased/worker-shared/contracts/comments";
import { REVIEWED_REPORT_DAYS } from "@unbiased/worker-shared/contracts/reports";
import { createDb } from "@unbiased/worker-shared/db/client";
import { articleReports, commentReports } from "@unbiased/worker-shared/db/schema/index";
import { purgeReviewedReports, reviewedReportsBefore } from "@unbiased/worker-shared/report-review";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, call, insertComment, signIn } from "./support/modme.ts";

const DAY_MS = 86_400_000;
let reporter: Caller;
let authorId: string;

beforeAll(async () => {
  reporter = await signIn("user", { name: "Careful Reporter" });
  const author = await signIn("user", { name: "Reported Author" });
  authorId = author.userId;
});

async function report(
  table: "comment_reports" | "article_reports",
  status: string,
  filedDaysAgo: number,
  reviewedDaysAgo: number | null,
) {
  const id = crypto.randomUUID();
  const now = Date.now();
  const reviewed = reviewedDaysAgo === null ? null : now - reviewedDaysAgo * DAY_MS;
  // Each on an article and a comment of its own: a reader reports each once.
  const articleId = (await insertArticle(env.DB)).id;
  const commentId = await insertComment(authorId, articleId, { status: "approved" });
  if (table === "comment_reports")
    await env.DB.prepare(
      `INSERT INTO comment_reports (id, comment_id, article_id, reporter_id, reason, status, created_at, resolved_at)
       VALUES (?, ?, ?, ?, 'Spam', ?, ?, ?)`,
    )
      // A report whose comment is gone keeps no comment id (content removed); the others name it.
      .bind(
        id,
        status === "content_removed" ? null : commentId,
        articleId,
        reporter.userId,
        status,
        now - filedDaysAgo * DAY_MS,
        reviewed,
      )
      .run();
  else
    await env.DB.prepare(
      `INSERT INTO article_reports (id, article_id, reporter_id, reason, status, created_at, resolved_at)
       VALUES (?, ?, ?, 'Misleading', ?, ?, ?)`,
    )
      .bind(id, articleId, reporter.userId, status, now - filedDaysAgo * DAY_MS, reviewed)
      .run();
  return id;
}

const left = async (table: string, ids: string[]) =>
  (
    await env.DB.prepare(`SELECT id FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`)
      .bind(JSON.stringify(ids))
      .all<{ id: string }>()
  ).results.map((r) => r.id);

describe("reviewed reports past their days", () => {
  it("are deleted, both kinds; pending ones and lately reviewed ones stay", async () => {
    const past = REVIEWED_REPORT_DAYS + 1;
    for (const table of ["comment_reports", "article_reports"] as const) {
      const gone = [
        await report(table, "dismissed", past, past),
        await report(table, "actioned", past + 10, past),
        ...(table === "comment_reports" ? [await report(table, "content_removed", past, past)] : []),
      ];
      const kept = [
        await report(table, "pending", past + 100, null),
        // Filed long ago, reviewed lately: its reporter has had the outcome for a few days only.
        await report(table, "actioned", past + 10, 3),
        await report(table, "dismissed", 2, 1),
      ];
      const purged = await purgeReviewedReports(
        createDb(env.DB),
        table === "comment_reports" ? commentReports : articleReports,
      );
      expect(purged).toBe(gone.length);
      expect(await left(table, [...gone, ...kept])).toEqual(expect.arrayContaining(kept));
      expect(await left(table, gone)).toEqual([]);
      expect(
        await purgeReviewedReports(createDb(env.DB), table === "comment_reports" ? commentReports : articleReports),
      ).toBe(0);
    }
  });

  it("let their reporter report the item again once they are gone, as a new matter", async () => {
    const articleId = (await insertArticle(env.DB)).id;
    const commentId = await insertComment(authorId, articleId, { status: "approved" });
    const fileReport = () =>
      call("POST", `/api/comments/${commentId}/report`, reporter.access, { reason: "Spam links again" });
    expect((await fileReport()).status).toBe(201);
    expect((await fileReport()).body.error).toBe(COMMENT_MESSAGES.alreadyReported);
    // Dismissed long ago: deleted, and the reader may report the comment again.
    const longAgo = Date.now() - (REVIEWED_REPORT_DAYS + 1) * DAY_MS;
    await env.DB.prepare(
      "UPDATE comment_reports SET status = 'dismissed', created_at = ?, resolved_at = ? WHERE comment_id = ?",
    )
      .bind(longAgo, longAgo, commentId)
      .run();
    expect(await purgeReviewedReports(createDb(env.DB), commentReports)).toBe(1);
    expect((await fileReport()).status).toBe(201);
    const now = await env.DB.prepare("SELECT status FROM comment_reports WHERE comment_id = ?")
      .bind(commentId)
      .all<{ status: string }>();
    expect(now.results).toEqual([{ status: "pending" }]);
  });

  it("are found by the status index, not by reading every report", async () => {
    for (const table of [commentReports, articleReports]) {
      const { sql, params } = createDb(env.DB)
        .select({ id: table.id })
        .from(table)
        .where(reviewedReportsBefore(table, Date.now()))
        .toSQL();
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      expect(results.map((r) => r.detail).join("\n")).toMatch(
        /SEARCH \w+ USING INDEX \w+_status_idx \(status=\? AND created_at<\?\)/,
      );
    }
  });
});
