// D1's copy of comment votes (ADR 022): its cost does not grow with the data (neither with the votes the
// comment already has nor with how many comments its author wrote; D1 bills rows read), the votes an
// author receives stay one history entry a day in their own object, and a batch the thread's object
// sends again, whole or in part (D1 took it, then the object failed before emptying its outbox),
// writes nothing twice.
import { env } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { meterRows } from "@unbiased/worker-shared/db/row-meter";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { expect, it } from "vitest";
import { applyCommentVoteCopies, type CommentVoteCopy } from "../src/storage/comment-vote-copies.ts";
import { reputationHistory } from "../src/storage/objects.ts";
import { deliverReputationOutbox, reputationHistoryOf } from "../src/storage/reputation-outbox.ts";
import { insertComment } from "./support/modme.ts";
import { person, scoreOf } from "./support/people.ts";

/** Numbers changes the way one thread object does: one after the other. */
function numbering() {
  let seq = 0;
  return (change: Omit<CommentVoteCopy, "seq">): CommentVoteCopy => ({ ...change, seq: ++seq });
}

/** Applies the copies in one batch; the D1 rows it read and wrote, from D1's result meta. */
async function apply(articleId: string, copies: CommentVoteCopy[]) {
  const { rows } = await meterRows(() => applyCommentVoteCopies(createDb(env.DB), articleId, copies));
  return { read: rows?.read ?? 0, written: rows?.written ?? 0 };
}

const countsOf = (commentId: string) =>
  env.DB.prepare("SELECT upvotes, downvotes FROM comments WHERE id = ?").bind(commentId).first();

it("reads the same few rows whether the comment has 2 votes or 40 and its author 1 comment or 60", async () => {
  const articleId = (await insertArticle(env.DB)).id;
  const author = await person();
  const comment = await insertComment(author.id, articleId, { status: "approved" });
  const next = numbering();
  const downvote = () =>
    apply(articleId, [next({ commentId: comment, authorId: author.id, upvotes: 0, downvotes: 1, at: Date.now() })]);

  await downvote();
  const small = await downvote();
  for (let i = 0; i < 38; i++) await downvote();
  for (let i = 0; i < 59; i++) await insertComment(author.id, articleId, { status: "approved" });
  const large = await downvote();

  expect(large.read).toBe(small.read);
  expect(large.read).toBeLessThan(16);
  // The comment's row, the author's running totals (and their score's index), the article's number:
  // four rows (the day's history entry is the author's object's).
  expect(large.written).toBeLessThanOrEqual(4);
  expect(await countsOf(comment)).toEqual({ upvotes: 0, downvotes: 41 });
});

it("moves the author's totals and writes no history row in D1 (the day's entry is the author's object's)", async () => {
  const articleId = (await insertArticle(env.DB)).id;
  const author = await person();
  const comment = await insertComment(author.id, articleId, { status: "approved" });
  const next = numbering();
  await apply(articleId, [next({ commentId: comment, authorId: author.id, upvotes: 1, downvotes: 0, at: Date.now() })]);
  expect(await scoreOf(author.id)).toBe(1);
  const rows = await env.DB.prepare("SELECT count(*) AS n FROM reputation_changes WHERE user_id = ?")
    .bind(author.id)
    .first();
  expect(rows).toEqual({ n: 0 });
});

it("keeps one history entry per author and day for the votes they receive, each change taken once", async () => {
  const author = await person();
  const history = reputationHistory(env, author.id);
  const day = Date.UTC(2026, 10, 28, 9);
  const [a, b] = ["history-article-a", "history-article-b"];
  await history.receiveVotes(author.id, a, [
    { seq: 1, delta: 1, at: day },
    { seq: 2, delta: 1, at: day + 3600_000 },
  ]);
  // The same changes again (the thread failed before emptying its outbox), with the next one.
  await history.receiveVotes(author.id, a, [
    { seq: 1, delta: 1, at: day },
    { seq: 2, delta: 1, at: day + 3600_000 },
    { seq: 3, delta: -2, at: day + 7200_000 },
  ]);
  // Another thread's numbers are its own.
  await history.receiveVotes(author.id, b, [{ seq: 1, delta: -1, at: day + 7300_000 }]);
  await history.receiveVotes(author.id, a, [{ seq: 4, delta: 1, at: day + 86_400_000 }]); // the next UTC day

  expect(await history.entries()).toEqual([
    // +1 +1 −2 −1 on the first day; the entry keeps the time of its first change.
    {
      id: `votes received:${author.id}:2026-11-28`,
      delta: -1,
      reason: "votes received",
      actorId: null,
      createdAt: day,
    },
    {
      id: `votes received:${author.id}:2026-11-29`,
      delta: 1,
      reason: "votes received",
      actorId: null,
      createdAt: day + 86_400_000,
    },
  ]);
  // The account's deletion: the history goes, and a late change is refused.
  await history.erase();
  await history.receiveVotes(author.id, a, [{ seq: 5, delta: 1, at: day + 90_000_000 }]);
  expect(await history.entries()).toEqual([]);
});

it("writes nothing twice when a batch comes again, alone, inside a longer one, or after a newer one", async () => {
  const articleId = (await insertArticle(env.DB)).id;
  const author = await person();
  const comment = await insertComment(author.id, articleId, { status: "approved" });
  const next = numbering();
  const change = (upvotes: number, downvotes: number) =>
    next({ commentId: comment, authorId: author.id, upvotes, downvotes, at: Date.now() });
  const [a, b, c, d] = [change(1, 0), change(1, 0), change(-1, 1), change(0, 1)];

  await apply(articleId, [a, b]);
  expect(await apply(articleId, [a, b])).toMatchObject({ written: 0 }); // the same batch again
  await apply(articleId, [a, b, c]); // D1 took a and b, the object sends them again with c
  await apply(articleId, [d]);
  await apply(articleId, [c]); // a late copy of an older batch
  expect(await countsOf(comment)).toEqual({ upvotes: 1, downvotes: 2 });
  expect(await scoreOf(author.id)).toBe(1 + 1 - 2 - 1);
});

it("moves no reputation of a comment that is no longer its author's, and no counts of one that is gone", async () => {
  const articleId = (await insertArticle(env.DB)).id;
  const author = await person();
  const comment = await insertComment(author.id, articleId, { status: "approved" });
  const next = numbering();
  await apply(articleId, [next({ commentId: comment, authorId: author.id, upvotes: 1, downvotes: 0, at: Date.now() })]);
  const other = await person();
  await env.DB.prepare("UPDATE comments SET user_id = ? WHERE id = ?").bind(other.id, comment).run();
  await apply(articleId, [next({ commentId: comment, authorId: author.id, upvotes: 1, downvotes: 0, at: Date.now() })]);
  expect(await scoreOf(author.id)).toBe(1);
  expect(await countsOf(comment)).toEqual({ upvotes: 2, downvotes: 0 });
  // A comment deleted for good: the change is taken (its number moves on), and writes nothing else.
  await env.DB.prepare("DELETE FROM comments WHERE id = ?").bind(comment).run();
  const gone = await apply(articleId, [
    next({ commentId: comment, authorId: author.id, upvotes: 1, downvotes: 0, at: Date.now() }),
  ]);
  expect(gone.written).toBe(1);
});

it("takes other reasons' entries out of D1's outbox into the user's object, each once", async () => {
  const user = await person();
  const at = Date.UTC(2026, 10, 29, 8);
  const write = (id: string, delta: number) =>
    env.DB.prepare(
      "INSERT INTO reputation_outbox (id, user_id, delta, reason, created_at) VALUES (?, ?, ?, 'comment approved', ?)",
    )
      .bind(id, user.id, delta, at)
      .run();
  await write("entry-1", 1);
  await write("entry-2", 1);
  // Waiting in the outbox, the entries are already the user's history.
  expect((await reputationHistoryOf(env, createDb(env.DB), user.id)).map((e) => e.id)).toEqual(["entry-1", "entry-2"]);
  expect(await deliverReputationOutbox(env, createDb(env.DB))).toBeGreaterThanOrEqual(2);
  const waiting = await env.DB.prepare("SELECT count(*) AS n FROM reputation_outbox WHERE user_id = ?")
    .bind(user.id)
    .first();
  expect(waiting).toEqual({ n: 0 });
  // Delivered again (D1's delete failed after the object took it): kept once.
  await write("entry-2", 1);
  await deliverReputationOutbox(env, createDb(env.DB));
  expect(await reputationHistory(env, user.id).entries()).toEqual([
    { id: "entry-1", delta: 1, reason: "comment approved", actorId: null, createdAt: at },
    { id: "entry-2", delta: 1, reason: "comment approved", actorId: null, createdAt: at },
  ]);
});
