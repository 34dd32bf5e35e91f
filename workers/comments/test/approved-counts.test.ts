// The public comment count on the article's row (ADR 022 step 31): each status change's copy moves it
// by what the thread knows the change did, and the removals outside the threads' changes count again.
import { env } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import { applyReputationChange } from "../src/storage/reputation-falls.ts";
import { eraseUserComments } from "../src/storage/user-erasure.ts";
import { copiedToD1, post, postApproved } from "./support/comments.ts";
import { decideWithD1Down, insertComment, signIn, call as staffCall } from "./support/modme.ts";
import { call, person } from "./support/people.ts";

/** The count the API answers, checked against D1's approved rows of the article. */
async function countOf(articleId: string): Promise<number> {
  const res = await call("GET", `/api/comments/article/${articleId}/count`);
  expect(res.status).toBe(200);
  const rows = await env.DB.prepare("SELECT count(*) AS n FROM comments WHERE article_id = ? AND status = 'approved'")
    .bind(articleId)
    .first<{ n: number }>();
  expect(res.data.commentCount).toBe(rows?.n);
  return res.data.commentCount as number;
}

describe("an article's comment count", () => {
  it("moves with every change into or out of approved, and once however often a copy is sent", async () => {
    const articleId = (await insertArticle(env.DB)).id;
    const [author, moderator] = [await person(), await person({ role: "moderator" })];
    const modme = await signIn("moderator");
    const first = await postApproved(author, articleId, "The first approved");
    const second = await postApproved(author, articleId, "The second approved");
    expect(await countOf(articleId)).toBe(2);
    const waiting = await post(author, articleId, "Still pending");
    expect(await countOf(articleId)).toBe(2);
    expect((await call("PUT", `/api/comments/${first}/deactivate`, moderator, { reason: "Off topic" })).status).toBe(
      200,
    );
    expect(await countOf(articleId)).toBe(1);
    expect((await call("DELETE", `/api/comments/${second}`, author)).status).toBe(200);
    expect(await countOf(articleId)).toBe(0);
    // An approval whose copy D1 refused counts once the alarm has sent it, and only once.
    expect((await decideWithD1Down(waiting, modme.admin)).status).toBe(503);
    expect(await countOf(articleId)).toBe(0);
    await copiedToD1(articleId);
    expect(await countOf(articleId)).toBe(1);
    expect((await staffCall("PUT", `/api/comments/${first}/approve`, modme.admin)).status).toBe(200);
    expect(await countOf(articleId)).toBe(2);
  });

  it("drops the comments a reputation fall sends back, on every article", async () => {
    const [a, b] = [(await insertArticle(env.DB)).id, (await insertArticle(env.DB)).id];
    const author = await person();
    await postApproved(author, a, "On the first article");
    await postApproved(author, b, "On the second article");
    await postApproved(await person(), a, "Someone else's");
    expect([await countOf(a), await countOf(b)]).toEqual([2, 1]);
    await applyReputationChange(env, createDb(env.DB), { userId: author.id, delta: -5, reason: "test" });
    expect([await countOf(a), await countOf(b)]).toEqual([1, 0]);
  });

  it("is counted again after a deploy, where an older version changed statuses in D1 alone", async () => {
    const [a, b] = [(await insertArticle(env.DB)).id, (await insertArticle(env.DB)).id];
    const kept = await postApproved(await person(), a, "Counted as approved");
    expect(await countOf(a)).toBe(1);
    // The older version: a status written to D1 without the count.
    await insertComment((await person()).id, b, { status: "approved" });
    await env.DB.prepare("UPDATE comments SET status = 'rejected' WHERE id = ?").bind(kept).run();
    const admin = await signIn("admin");
    const recount = async (after: string | null) =>
      (await staffCall("POST", "/api/comments/admin/counts/recount", admin.admin, { after, limit: 500 })).body.data;
    let page = await recount(null);
    let fixed = page.moved;
    while (page.next) {
      page = await recount(page.next);
      fixed += page.moved;
    }
    expect(fixed).toBe(2);
    expect([await countOf(a), await countOf(b)]).toEqual([0, 1]);
    // Run again, it writes nothing.
    expect((await recount(null)).moved).toBe(0);
  });

  it("is counted again when an account's comments go with it, or an admin removes one for good", async () => {
    const [a, b] = [(await insertArticle(env.DB)).id, (await insertArticle(env.DB)).id];
    const [leaving, staying] = [await person(), await person()];
    const answered = await postApproved(leaving, a, "Answered by someone");
    await postApproved(staying, a, "An answer", answered);
    await postApproved(leaving, b, "Nobody answered");
    const removable = await postApproved(staying, b, "Removed by an admin");
    expect([await countOf(a), await countOf(b)]).toEqual([2, 2]);
    await eraseUserComments(env, createDb(env.DB), leaving.id, "delete", undefined);
    expect([await countOf(a), await countOf(b)]).toEqual([1, 1]);
    const admin = await signIn("admin");
    expect((await staffCall("DELETE", `/api/comments/${removable}?permanent=true`, admin.access)).status).toBe(200);
    expect(await countOf(b)).toBe(0);
  });
});
