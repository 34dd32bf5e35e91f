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
