// A comment vote's D1 cost does not grow with the data (ADR 022): neither with the votes the comment
// already has nor with how many comments its author wrote. D1 bills rows read, and the capacity model
// once found a comment vote reading every vote of the comment and every comment of its author.
import { env } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { expect, it } from "vitest";
import { commentVoteStatements } from "../src/storage/comment-votes.ts";
import { insertComment } from "./support/modme.ts";
import { person } from "./support/people.ts";

/** The D1 rows a vote's batch reads, from D1's result meta. */
async function rowsRead(change: Parameters<typeof commentVoteStatements>[1]): Promise<number> {
  const results = await env.DB.batch(commentVoteStatements(createDb(env.DB), change));
  return results.reduce((sum, result) => sum + result.meta.rows_read, 0);
}

it("reads the same few rows whether the comment has 2 votes or 40 and its author 1 comment or 60", async () => {
  const articleId = (await insertArticle(env.DB)).id;
  const author = await person();
  const comment = await insertComment(author.id, articleId, { status: "approved" });
  const vote = async () =>
    rowsRead({ commentId: comment, authorId: author.id, voterId: (await person()).id, vote: "downvote" });

  await vote();
  const small = await vote();
  for (let i = 0; i < 38; i++) await vote();
  for (let i = 0; i < 59; i++) await insertComment(author.id, articleId, { status: "approved" });
  const large = await vote();

  expect(large).toBe(small);
  expect(large).toBeLessThan(10);
});

it("keeps one reputation entry per author and day for the votes they receive, holding the day's sum", async () => {
  const articleId = (await insertArticle(env.DB)).id;
  const author = await person();
  const [first, second] = [
    await insertComment(author.id, articleId, { status: "approved" }),
    await insertComment(author.id, articleId, { status: "approved" }),
  ];
  const day = Date.UTC(2026, 10, 28, 9);
  const cast = async (
    commentId: string | undefined,
    voterId: string,
    vote: "upvote" | "downvote" | null,
    at: number,
  ) => {
    const results = await env.DB.batch(
      commentVoteStatements(createDb(env.DB), { commentId: commentId ?? "", authorId: author.id, voterId, vote }, at),
    );
    return results.reduce((sum, result) => sum + result.meta.rows_written, 0);
  };
  const [a, b, c] = [await person(), await person(), await person()];
  const firstVote = await cast(first, a.id, "upvote", day);
  const laterVote = await cast(second, b.id, "upvote", day + 3600_000);
  await cast(first, c.id, "downvote", day + 7200_000);
  await cast(first, a.id, null, day + 7300_000); // a takes theirs back
  await cast(second, a.id, "upvote", day + 86_400_000); // the next UTC day

  const { results } = await env.DB.prepare(
    "SELECT delta, reason, actor_id AS actorId, created_at AS createdAt FROM reputation_changes WHERE user_id = ? ORDER BY created_at",
  )
    .bind(author.id)
    .all();
  expect(results).toEqual([
    // +1 +1 −1 −1 on the first day; the entry keeps the time of its first vote.
    { delta: 0, reason: "votes received", actorId: null, createdAt: day },
    { delta: 1, reason: "votes received", actorId: null, createdAt: day + 86_400_000 },
  ]);
  // The day's later votes update the entry: fewer rows written than the vote that made it.
  expect(laterVote).toBeLessThan(firstVote);
  const score = await env.DB.prepare("SELECT score FROM user_reputation WHERE user_id = ?").bind(author.id).first();
  expect(score).toEqual({ score: 1 });
});
