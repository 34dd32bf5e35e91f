// A deleted account's comments (ADR 017), inside the comments worker: their comment votes leave the
// threads' objects and D1's counts, and a vote of theirs still on its way is refused; removing comments keeps every one that someone else answered,
// at any depth, as a placeholder, so no one else's words go with them; the staff member's id is cleared
// where it refers to the user row; no e-mail is ever queued for the '[deleted]' row.
import { env, runInDurableObject } from "cloudflare:test";
import { DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import { deactivateComment } from "../src/storage/comment-status.ts";
import { setCommentVote } from "../src/storage/comment-votes.ts";
import { reputationHistory, userCommentVotes } from "../src/storage/objects.ts";
import { eraseUserComments } from "../src/storage/user-erasure.ts";
import { copiedToD1, postApproved, storedComments, threadOf, threadTexts } from "./support/comments.ts";
import { person } from "./support/people.ts";

const db = () => createDb(env.DB);
const row = (sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .first();

describe("a deleted account's comment votes", () => {
  it("leave the counts and the authors' reputation, in the objects and D1, and one on its way is refused", async () => {
    await insertArticle(env.DB, { id: "erased-voter-a" });
    await insertArticle(env.DB, { id: "erased-voter-b" });
    const author = await person();
    const voter = await person();
    const stays = await person();
    const [first, second] = [
      await postApproved(author, "erased-voter-a", "Worth a vote"),
      await postApproved(author, "erased-voter-b", "Worth another"),
    ];
    const base = await row("SELECT score FROM user_reputation WHERE user_id = ?", author.id);
    const cast = (who: string, articleId: string, commentId: string, vote: "upvote" | "downvote") =>
      setCommentVote(env, { articleId, commentId, authorId: author.id, voterId: who, vote });
    await cast(voter.id, "erased-voter-a", first, "upvote");
    await cast(voter.id, "erased-voter-b", second, "downvote");
    await cast(stays.id, "erased-voter-a", first, "upvote");

    const erased = await eraseUserComments(env, db(), voter.id, "delete", undefined);
    expect(erased.commentVotesRemoved).toBe(2);
    // D1's copy was written before the erasure answered: nothing waits for an alarm.
    expect(await threadOf("erased-voter-a").pendingCopies()).toBe(0);
    expect(await row("SELECT upvotes, downvotes FROM comments WHERE id = ?", first)).toEqual({
      upvotes: 1,
      downvotes: 0,
    });
    expect(await row("SELECT upvotes, downvotes FROM comments WHERE id = ?", second)).toEqual({
      upvotes: 0,
      downvotes: 0,
    });
    expect(
      await row("SELECT score, total_upvotes, total_downvotes FROM user_reputation WHERE user_id = ?", author.id),
    ).toEqual({ score: Number(base?.score ?? 0) + 1, total_upvotes: 1, total_downvotes: 0 });

    // A vote that passed its sign-in check just before the deletion lands after it: refused, nothing counted.
    expect(await cast(voter.id, "erased-voter-a", first, "downvote")).toMatchObject({
      refused: "erased",
      changed: false,
    });
    // Even reaching the thread directly (it was already on its way past the voter's object).
    const late = await threadOf("erased-voter-b").setVote({
      articleId: "erased-voter-b",
      commentId: second,
      authorId: author.id,
      voterId: voter.id,
      vote: "upvote",
    });
    expect(late).toMatchObject({ refused: "erased", upvotes: 0, downvotes: 0 });
    expect(await userCommentVotes(env, voter.id).all()).toEqual([]);
    // Run again (a deletion retried after a failure further on): nothing left to take out.
    expect(await userCommentVotes(env, voter.id).erase(voter.id)).toBe(0);
  });

  it("take the votes others cast on the user's removed comments out of their threads, which refuse more", async () => {
    await insertArticle(env.DB, { id: "erased-author" });
    const leaving = await person();
    const fan = await person();
    const comment = await postApproved(leaving, "erased-author", "Soon gone with its author");
    await setCommentVote(env, {
      articleId: "erased-author",
      commentId: comment,
      authorId: leaving.id,
      voterId: fan.id,
      vote: "upvote",
    });
    await copiedToD1("erased-author");
    expect(await reputationHistory(env, leaving.id).entries()).toHaveLength(1);
    await eraseUserComments(env, db(), leaving.id, "delete", undefined);
    expect((await threadOf("erased-author").read("erased-author", fan.id, [])).votes).toEqual([]);
    // Their "votes received" history went with the account.
    expect(await reputationHistory(env, leaving.id).entries()).toEqual([]);
    const late = await setCommentVote(env, {
      articleId: "erased-author",
      commentId: comment,
      authorId: leaving.id,
      voterId: fan.id,
      vote: "downvote",
    });
    expect(late).toMatchObject({ refused: "removed", upvotes: 0, downvotes: 0 });
  });

  it("keep a kept comment '[deleted]''s in its thread, even for a vote that read its author just before", async () => {
    await insertArticle(env.DB, { id: "kept-author" });
    const leaving = await person();
    const fan = await person();
    const comment = await postApproved(leaving, "kept-author", "Kept after its author goes");
    // The thread knows the comment (a first vote) before the deletion.
    const first = await person();
    const cast = (voterId: string, authorId: string) =>
      setCommentVote(env, { articleId: "kept-author", commentId: comment, authorId, voterId, vote: "upvote" });
    await cast(first.id, leaving.id);
    await copiedToD1("kept-author");
    await eraseUserComments(env, db(), leaving.id, "keep", undefined);
    // A vote whose route read the comment's author from D1 before the deletion reached it.
    expect(await cast(fan.id, leaving.id)).toMatchObject({ upvotes: 2, changed: true });
    await copiedToD1("kept-author");
    // Nothing of theirs comes back: the thread still names '[deleted]', no history entry, no reputation row.
    const named = await runInDurableObject(threadOf("kept-author"), (_, state) =>
      state.storage.sql.exec("SELECT author_id FROM counts WHERE comment_id = ?", comment).one(),
    );
    expect(named).toEqual({ author_id: DELETED_USER.id });
    expect(await reputationHistory(env, leaving.id).entries()).toEqual([]);
    expect(await row("SELECT count(*) AS n FROM user_reputation WHERE user_id = ?", leaving.id)).toEqual({ n: 0 });
  });
});

describe("eraseUserComments", () => {
  it("keeps as placeholders only the comments someone else answered, at any depth", async () => {
    await insertArticle(env.DB, { id: "chain-article" });
    const leaving = await person({ score: 10 });
    const other = await person({ score: 10 });
    // leaving → leaving → other: both of the leaving user's stay (the answer hangs two levels below the first).
    const top = await postApproved(leaving, "chain-article", "The top of a chain");
    const middle = await postApproved(leaving, "chain-article", "The leaving user again", top);
    const answer = await postApproved(other, "chain-article", "Someone else's answer", middle);
    // other → leaving → leaving: the leaving user's two go (nobody else answered them).
    const foreignTop = await postApproved(other, "chain-article", "Someone else's question");
    const mine = await postApproved(leaving, "chain-article", "An answer of the leaving user", foreignTop);
    const mineAgain = await postApproved(leaving, "chain-article", "And another", mine);

    expect(await eraseUserComments(env, db(), leaving.id, "delete", undefined)).toEqual({
      commentVotesRemoved: 0,
      commentsRemoved: 2,
      commentsKept: 0,
    });
    const results = await storedComments("chain-article");
    const placeholder = { userId: DELETED_USER.id, content: "[deleted]", status: "deleted" };
    expect(results).toEqual([
      { id: top, ...placeholder },
      { id: middle, ...placeholder },
      { id: answer, userId: other.id, content: "Someone else's answer", status: "approved" },
      { id: foreignTop, userId: other.id, content: "Someone else's question", status: "approved" },
    ]);
    expect(results.map((r) => r.id)).not.toContain(mine);
    expect(results.map((r) => r.id)).not.toContain(mineAgain);
    // Nothing the user wrote is left in the thread's object either, the placeholders' texts included.
    expect([...(await threadTexts("chain-article")).keys()].sort()).toEqual([answer, foreignTop].sort());
  });

  it("clears the user's id where they acted as staff, and never queues e-mail for the '[deleted]' row", async () => {
    await insertArticle(env.DB, { id: "staff-article" });
    const moderator = await person({ role: "moderator" });
    const banned = await person();
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO bans (id, user_id, ban_type, reason, banned_by, banned_at, lifted_at, lifted_by) VALUES ('staff-ban', ?, 'permanent', 'spam', ?, ?, ?, ?)",
    )
      .bind(banned.id, moderator.id, now, now, moderator.id)
      .run();
    await env.DB.prepare(
      "INSERT INTO reputation_changes (id, user_id, delta, reason, actor_id, created_at) VALUES ('staff-change', ?, -5, 'manual adjustment', ?, ?)",
    )
      .bind(banned.id, moderator.id, now)
      .run();

    await eraseUserComments(env, db(), moderator.id, "keep", undefined);
    expect(await row("SELECT banned_by, lifted_by FROM bans WHERE id = 'staff-ban'")).toEqual({
      banned_by: null,
      lifted_by: null,
    });
    expect(await row("SELECT actor_id FROM reputation_changes WHERE id = 'staff-change'")).toEqual({ actor_id: null });

    // A kept comment of a deleted account, hidden by a moderator later: the author's e-mail is nobody's.
    const author = await person({ score: 10 });
    const kept = await postApproved(author, "staff-article", "Kept after its author left");
    await eraseUserComments(env, db(), author.id, "keep", undefined);
    await deactivateComment(env, db(), { commentId: kept, actorId: moderator.id, reason: "Off topic" });
    expect(await row("SELECT count(*) AS n FROM email_outbox WHERE to_email = ?", DELETED_USER.email)).toEqual({
      n: 0,
    });
    expect(await row("SELECT count(*) AS n FROM user_reputation WHERE user_id = ?", DELETED_USER.id)).toEqual({ n: 0 });
  });
});
