// Each comment's record in its article's thread (ADR 022 step 30): the thread's read comes from the
// object (records, texts, counts), D1 giving only the authors' names and scores; an article's comments
// from before are taken in at the thread's first call.
import { env, runInDurableObject } from "cloudflare:test";
import { DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import { COMMENT_STATUS_REASONS } from "@unbiased/worker-shared/contracts/comments";
import { createDb } from "@unbiased/worker-shared/db/client";
import { faultyD1 } from "@unbiased/worker-shared/testing/faulty-d1";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import { findComment, notePendingReason } from "../src/storage/comments.ts";
import { eraseUserComments } from "../src/storage/user-erasure.ts";
import { post, postApproved, runConsumer, threadOf } from "./support/comments.ts";
import { decideWithD1Down, insertComment, signIn, call as staffCall } from "./support/modme.ts";
import { call, person } from "./support/people.ts";

interface Shown {
  id: string;
  userName: string;
  content: string;
  upvotes: number;
  removed?: boolean;
  replies: Shown[];
}

/** The public thread, as a signed-out reader gets it. */
async function publicThread(articleId: string): Promise<Shown[]> {
  const res = await call("GET", `/api/comments/article/${articleId}`);
  expect(res.status).toBe(200);
  return res.data.comments as Shown[];
}

const recordOf = (articleId: string, commentId: string) =>
  runInDurableObject(
    threadOf(articleId),
    (_, state) =>
      state.storage.sql
        .exec<{ status: string; reason: string | null }>(
          "SELECT status, reason FROM comment_records WHERE comment_id = ?",
          commentId,
        )
        .toArray()
        .map((row) => ({ ...row }))[0],
  );

describe("an article's comments from before the records", () => {
  it("are taken into its thread at its first call, with the texts and counts D1 kept, once", async () => {
    const articleId = (await insertArticle(env.DB)).id;
    const [author, other] = [await person(), await person()];
    const old = await insertComment(author.id, articleId, { status: "approved", content: "Written long ago" });
    await env.DB.prepare("UPDATE comments SET upvotes = 3 WHERE id = ?").bind(old).run();
    const placeholder = await insertComment(author.id, articleId, { status: "deleted", content: "[deleted]" });
    const answer = await insertComment(other.id, articleId, {
      status: "approved",
      content: "An answer still shown",
      parentId: placeholder,
    });
    await insertComment(author.id, articleId, { status: "pending", content: "Not shown to others" });
    const shown = await publicThread(articleId);
    expect(shown.map((c) => [c.id, c.content, c.upvotes, c.removed ?? false])).toEqual([
      [placeholder, "", 0, true],
      [old, "Written long ago", 3, false],
    ]);
    expect(shown[0]?.replies.map((c) => [c.id, c.content])).toEqual([[answer, "An answer still shown"]]);
    // Taken in once: D1's row is a copy from then on, and the thread's read no longer looks at it.
    await env.DB.prepare("UPDATE comments SET status = 'pending', upvotes = 9 WHERE id = ?").bind(old).run();
    expect((await publicThread(articleId)).find((c) => c.id === old)).toMatchObject({ upvotes: 3 });
  });

  it("keep the placeholder of a comment deleted for good the day before, with the replies under it", async () => {
    const articleId = (await insertArticle(env.DB)).id;
    const replier = await person();
    // An account deleted just before the deploy: D1 keeps its answered comment as a placeholder, and
    // the thread, its refusal of late votes.
    await env.DB.prepare("INSERT OR IGNORE INTO users (id, email, name, role, created_at) VALUES (?, ?, ?, 'user', 0)")
      .bind(DELETED_USER.id, DELETED_USER.email, DELETED_USER.name)
      .run();
    const placeholder = await insertComment(DELETED_USER.id, articleId, { status: "deleted", content: "[deleted]" });
    const answer = await insertComment(replier.id, articleId, { status: "approved", parentId: placeholder });
    await runInDurableObject(threadOf(articleId), (_, state) => {
      state.storage.sql.exec("INSERT INTO refused (id, at) VALUES (?, ?)", `comment:${placeholder}`, Date.now());
    });
    const [shown] = await publicThread(articleId);
    expect(shown).toMatchObject({ id: placeholder, removed: true });
    expect(shown?.replies.map((c) => c.id)).toEqual([answer]);
  });
});

describe("the thread's read", () => {
  it("shows what the thread decided, before D1's copy has it", async () => {
    const articleId = (await insertArticle(env.DB)).id;
    const id = await post(await person(), articleId, "Approved while D1 was away");
    expect(await publicThread(articleId)).toEqual([]);
    const moderator = await signIn("moderator");
    expect((await decideWithD1Down(id, moderator.admin)).status).toBe(503);
    expect((await publicThread(articleId)).map((c) => [c.id, c.content])).toEqual([[id, "Approved while D1 was away"]]);
  });

  it("moves the replies of a comment an admin deleted for good up to its parent", async () => {
    const articleId = (await insertArticle(env.DB)).id;
    const [author, replier] = [await person(), await person()];
    const top = await postApproved(author, articleId, "The conversation starts");
    const middle = await postApproved(author, articleId, "A reply to be removed", top);
    const below = await postApproved(replier, articleId, "A reply to the removed one", middle);
    const admin = await signIn("admin");
    const res = await staffCall("DELETE", `/api/comments/${middle}?permanent=true`, admin.access);
    expect(res.status).toBe(200);
    const [shownTop] = await publicThread(articleId);
    expect(shownTop?.replies.map((c) => c.id)).toEqual([below]);
  });

  it("names '[deleted]' as the author of comments kept when their account went", async () => {
    const articleId = (await insertArticle(env.DB)).id;
    const leaving = await person({ name: "Leaving Soon" });
    const kept = await postApproved(leaving, articleId, "Kept after the account goes");
    await eraseUserComments(env, createDb(env.DB), leaving.id, "keep", undefined);
    expect((await publicThread(articleId)).map((c) => [c.id, c.userName])).toEqual([[kept, DELETED_USER.name]]);
  });

  it("takes the held reason again when D1's copy of it failed and the check runs again", async () => {
    const articleId = (await insertArticle(env.DB)).id;
    const id = await post(await person(), articleId, "Checked twice");
    const stored = await findComment(createDb(env.DB), id);
    if (!stored) throw new Error("the comment is not in D1");
    const failing = faultyD1(env.DB, { failOn: /SET status_reason/ });
    const reason = COMMENT_STATUS_REASONS.awaitingReview;
    await expect(notePendingReason(env, createDb(failing.db), stored, reason)).rejects.toThrow();
    expect(await recordOf(articleId, id)).toEqual({ status: "pending", reason });
    expect(await notePendingReason(env, createDb(env.DB), stored, reason)).toBe(true);
    expect((await findComment(createDb(env.DB), id))?.statusReason).toBe(reason);
    // Another reason is not taken once one is noted.
    expect(await notePendingReason(env, createDb(env.DB), stored, COMMENT_STATUS_REASONS.heldManyLinks)).toBe(false);
  });

  it("keeps the automatic checks' reason on the record, only while nobody acted", async () => {
    const articleId = (await insertArticle(env.DB)).id;
    const author = await person();
    const waiting = await post(author, articleId, "Waits for a moderator");
    await runConsumer(waiting);
    expect(await recordOf(articleId, waiting)).toEqual({
      status: "pending",
      reason: COMMENT_STATUS_REASONS.awaitingReview,
    });
    const deleted = await post(author, articleId, "Deleted before the checks ran");
    expect((await call("DELETE", `/api/comments/${deleted}`, author)).status).toBe(200);
    await runConsumer(deleted);
    expect(await recordOf(articleId, deleted)).toEqual({ status: "deleted", reason: null });
  });
});
