// A comment's status is decided by its article's thread (ADR 022 step 29): every change is numbered
// there, and D1 takes each change's copy once, in order, from the request or later from the thread's
// alarm.
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { COMMENT_MESSAGES } from "@unbiased/worker-shared/contracts/comments";
import { MODERATION_MESSAGES } from "@unbiased/worker-shared/contracts/moderation";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { applyStatusCopies } from "../src/storage/status-copies.ts";
import { eraseUserComments } from "../src/storage/user-erasure.ts";
import { copiedToD1, post, threadOf } from "./support/comments.ts";
import { decideWithD1Down, insertComment, signIn, call as staffCall } from "./support/modme.ts";
import { call, person, scoreOf, statusOf } from "./support/people.ts";

let articleId: string;
beforeAll(async () => {
  articleId = (await insertArticle(env.DB)).id;
});

const logEntries = async (commentId: string) =>
  (
    await env.DB.prepare("SELECT count(*) AS n FROM moderation_log WHERE target_id = ?")
      .bind(commentId)
      .first<{ n: number }>()
  )?.n;

/** The thread's unsent status copies, read in the object. */
async function unsentCopies() {
  return runInDurableObject(threadOf(articleId), (_, state) =>
    state.storage.sql
      .exec<{ seq: number; comment_id: string; author_id: string; statements: string; approved_delta: number }>(
        "SELECT * FROM status_outbox ORDER BY seq",
      )
      .toArray()
      .map((row) => ({
        seq: row.seq,
        commentId: row.comment_id,
        authorId: row.author_id,
        statements: JSON.parse(row.statements),
        approvedDelta: row.approved_delta,
      })),
  );
}

describe("a status change D1 refused", () => {
  it("stands in the thread, refuses a second try, and reaches D1 once by the alarm", async () => {
    const author = await person();
    const id = await post(author, articleId, "Waiting for a moderator");
    const moderator = await signIn("moderator");
    const approve = () => staffCall("PUT", `/api/comments/${id}/approve`, moderator.admin);
    const refused = await decideWithD1Down(id, moderator.admin);
    expect(refused.status).toBe(503);
    expect(refused.body.error).toBe(MODERATION_MESSAGES.approveFailed);
    // The thread holds it approved: a second approval is a conflict, though D1 still says pending.
    const again = await approve();
    expect(again).toEqual({ status: 409, body: { success: false, error: COMMENT_MESSAGES.notPending } });
    expect((await statusOf(id))?.status).toBe("pending");
    const [left] = await unsentCopies();
    expect(left?.commentId).toBe(id);
    await copiedToD1(articleId);
    expect((await statusOf(id))?.status).toBe("approved");
    expect(await scoreOf(author.id)).toBe(1);
    expect(await logEntries(id)).toBe(1);
    // Sent again (a request and the alarm both sending it): D1 took its number, nothing is written twice.
    await applyStatusCopies(createDb(env.DB), articleId, left ? [left] : []);
    expect(await runDurableObjectAlarm(threadOf(articleId))).toBe(false);
    expect(await scoreOf(author.id)).toBe(1);
    expect(await logEntries(id)).toBe(1);
  });

  it("is what the next change is decided on, and D1 takes both in order", async () => {
    const author = await person();
    const id = await post(author, articleId, "Approved, then hidden");
    const moderator = await signIn("moderator");
    expect((await decideWithD1Down(id, moderator.admin)).status).toBe(503);
    // D1 still says pending, but the thread holds it approved: a hide goes ahead, and its request hands
    // D1 the approval first, then the hide.
    const mod = await person({ role: "moderator" });
    const hidden = await call("PUT", `/api/comments/${id}/deactivate`, mod, { reason: "Off topic" });
    expect(hidden.status).toBe(200);
    expect(await unsentCopies()).toEqual([]);
    expect(await statusOf(id)).toEqual({ status: "pending", reason: "Off topic" });
    // +1 for the approval, -2 for the deactivation.
    expect(await scoreOf(author.id)).toBe(-1);
  });

  it("is sent by the next change's request, in order, when the alarm has not run yet", async () => {
    const author = await person();
    const [first, second] = [
      await post(author, articleId, "First in the queue"),
      await post(author, articleId, "Second in the queue"),
    ];
    const moderator = await signIn("moderator");
    expect((await decideWithD1Down(first, moderator.admin)).status).toBe(503);
    expect((await unsentCopies()).map((copy) => copy.commentId)).toEqual([first]);
    expect((await staffCall("PUT", `/api/comments/${second}/approve`, moderator.admin)).status).toBe(200);
    expect(await unsentCopies()).toEqual([]);
    expect((await statusOf(first))?.status).toBe("approved");
    expect((await statusOf(second))?.status).toBe("approved");
    expect(await scoreOf(author.id)).toBe(2);
  });

  it("of a comment kept under '[deleted]' applies its status alone: nothing of the author comes back", async () => {
    const author = await person();
    const id = await post(author, articleId, "Kept when the account goes");
    const moderator = await signIn("moderator");
    expect((await decideWithD1Down(id, moderator.admin)).status).toBe(503);
    await eraseUserComments(env, createDb(env.DB), author.id, "keep", undefined);
    // The gateway then deletes the account's row: a copy naming it would fail its foreign keys.
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(author.id).run();
    await copiedToD1(articleId);
    expect((await statusOf(id))?.status).toBe("approved");
    expect(await env.DB.prepare("SELECT 1 FROM user_reputation WHERE user_id = ?").bind(author.id).first()).toBeNull();
    expect(await env.DB.prepare("SELECT 1 FROM inbox_outbox WHERE user_id = ?").bind(author.id).first()).toBeNull();
  });

  it("whose side effects D1 refuses for good (the moderator's account went) applies its status alone", async () => {
    const author = await person();
    const id = await post(author, articleId, "Rejected with a ban");
    const moderator = await signIn("moderator");
    const rejected = await decideWithD1Down(id, moderator.admin, "reject", { banType: "permanent", reason: "Spam" });
    expect(rejected.status).toBe(503);
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(moderator.userId).run();
    // Another change of the article waits behind it: both reach D1.
    const next = await post(await person(), articleId, "Decided after");
    const other = await signIn("moderator");
    expect((await staffCall("PUT", `/api/comments/${next}/approve`, other.admin)).status).toBe(200);
    expect(await unsentCopies()).toEqual([]);
    expect((await statusOf(id))?.status).toBe("rejected");
    expect((await statusOf(next))?.status).toBe("approved");
    // The ban named the moderator (its foreign key), so it went with the side effects.
    expect(await env.DB.prepare("SELECT 1 FROM bans WHERE user_id = ?").bind(author.id).first()).toBeNull();
  });

  it("of a comment deleted with its author's account does not bring it back", async () => {
    const author = await person();
    const id = await post(author, articleId, "Approved as the account goes");
    const moderator = await signIn("moderator");
    expect((await decideWithD1Down(id, moderator.admin)).status).toBe(503);
    await eraseUserComments(env, createDb(env.DB), author.id, "delete", undefined);
    await copiedToD1(articleId);
    expect(await statusOf(id)).toBeNull();
    // Nor the author's reputation row: the copy wrote nothing at all.
    expect(await env.DB.prepare("SELECT 1 FROM user_reputation WHERE user_id = ?").bind(author.id).first()).toBeNull();
    expect(await logEntries(id)).toBe(0);
  });
});

describe("a comment from before the threads", () => {
  it("takes D1's status at its first change; from then on the thread decides", async () => {
    const author = await person();
    const moderator = await signIn("moderator");
    const pending = await insertComment(author.id, articleId, { status: "pending" });
    const rejected = await insertComment(author.id, articleId, { status: "rejected" });
    expect((await staffCall("PUT", `/api/comments/${rejected}/approve`, moderator.admin)).status).toBe(409);
    expect((await staffCall("PUT", `/api/comments/${pending}/approve`, moderator.admin)).status).toBe(200);
    expect((await statusOf(pending))?.status).toBe("approved");
    // D1's row set back by hand is not what the thread holds: the thread answers.
    await env.DB.prepare("UPDATE comments SET status = 'pending' WHERE id = ?").bind(pending).run();
    expect((await staffCall("PUT", `/api/comments/${pending}/approve`, moderator.admin)).status).toBe(409);
  });
});
