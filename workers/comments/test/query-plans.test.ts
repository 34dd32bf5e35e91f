import { env } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { expectArticlesReadById, selectPlans } from "@unbiased/worker-shared/testing/query-plans";
import { describe, expect, it } from "vitest";
import { FLAGGED_UNAPPROVED, OLD_APPROVALS } from "../src/storage/approved-tab.ts";
import { exportCommentVotes } from "../src/storage/comment-votes.ts";
import { visibleArticleIds } from "../src/storage/comments.ts";
import { listApprovedComments, listPendingComments } from "../src/storage/moderation-comments.ts";

// Every miss of a feed page asks which of its 20 cards are visible, for their comment counts: a lookup
// by id that must not walk every visible article through the feed's index.
describe("which of a page's articles are visible", () => {
  it("is read by id, never through the feed's index", async () => {
    await insertArticle(env.DB, { id: "plan-c1" });
    await insertArticle(env.DB, { id: "plan-c2" });

    await expectArticlesReadById(env.DB, (db) => visibleArticleIds(createDb(db), ["plan-c1", "plan-c2", "gone"]));
  });
});

// ModMe's pending queue and approved tab page through their comments (the backlog, the last days'
// approvals): each page must be its index walked in the list's order, not a sort of all of them
// (17,581 rows read for 20 before), and each count that index alone.
describe("ModMe's comment lists", () => {
  it("walk their index in the list's order, never sorting", async () => {
    const pending = await selectPlans(env.DB, (db) => listPendingComments(env, createDb(db)));
    const approved = await selectPlans(env.DB, (db) => listApprovedComments(env, createDb(db), 3, 20));
    const [pendingList] = pending.filter(({ sql }) => /order by/i.test(sql));
    const [approvedList] = approved.filter(({ sql }) => /order by/i.test(sql));
    const [approvedCount] = approved.filter(({ sql }) => /count\(/i.test(sql));

    // The pending index is partial: its rows are the backlog.
    expect(pendingList?.plan.join("\n")).toMatch(/SEARCH comments USING INDEX comments_pending_idx \(status=\?\)/);
    expect(pendingList?.plan.join("\n")).not.toMatch(/TEMP B-TREE|SCAN comments/);
    // The Approved tab's is partial too (its rows are the last days' approvals): walked whole from
    // its newest end, stopping at the page.
    expect(approvedList?.plan.join("\n")).toMatch(/SCAN comments USING INDEX comments_approved_tab_idx/);
    expect(approvedList?.plan.join("\n")).not.toMatch(/TEMP B-TREE/);
    expect(approvedCount?.plan.join("\n")).toMatch(/comments USING (COVERING )?INDEX comments_approved_tab_idx/);
  });

  it("take old approvals off the Approved tab from its own index's oldest end", async () => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${OLD_APPROVALS}`)
      .bind(Date.now(), 500)
      .all<{ detail: string }>();
    expect(results.map((r) => r.detail).join("\n")).toMatch(
      /SEARCH comments USING COVERING INDEX comments_approved_tab_idx \(approved_at<\?\)/,
    );
    const strays = await env.DB.prepare(`EXPLAIN QUERY PLAN ${FLAGGED_UNAPPROVED}`).bind(500).all<{ detail: string }>();
    expect(strays.results.map((r) => r.detail).join("\n")).toMatch(
      /SEARCH comments USING COVERING INDEX comments_approved_tab_idx \(approved_at=\?\)/,
    );
  });
});

// A reader's data export reads the comment votes D1 still keeps from before the threads' objects
// (ADR 022): their own rows by the voter's index, not a scan of everyone's.
describe("a reader's comment votes D1 kept", () => {
  it("are read through the voter's index", async () => {
    const plans = await selectPlans(env.DB, (db) =>
      exportCommentVotes({ ...env, DB: db }, createDb(db), "plan-voter").then(() => undefined),
    );
    const [legacy] = plans.filter(({ sql }) => /comment_votes/i.test(sql));
    expect(legacy?.plan.join("\n")).toMatch(/SEARCH v USING (COVERING )?INDEX comment_votes_user_idx \(user_id=\?\)/);
    expect(legacy?.plan.join("\n")).not.toMatch(/SCAN/);
  });
});
