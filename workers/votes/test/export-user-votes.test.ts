// A user's votes in their data export (ADR 017, ADR 022): a vote cast a moment before the export is in
// it, and one taken back a moment before is not, although the history objects the consumer writes
// have not caught up yet.
import { env } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { expect, it } from "vitest";
import { exportUserVotes } from "../src/erasure/export-user-votes.ts";
import { userVotes } from "../src/votes/cast-vote.ts";
import { call, signedInUser } from "./support/people.ts";

it("holds the votes of the last moments, from the articles' objects", async () => {
  const { id: kept } = await insertArticle(env.DB);
  const { id: takenBack } = await insertArticle(env.DB);
  const voter = await signedInUser();
  for (const articleId of [kept, takenBack]) {
    const res = await call("/api/votes/vote", {
      token: voter.token,
      body: { articleId, userId: voter.id, voteType: "upvote" },
    });
    expect(res.status).toBe(200);
  }
  expect((await call(`/api/votes/vote/${takenBack}`, { method: "DELETE", token: voter.token })).status).toBe(200);
  // The consumer copies votes into the history a moment later: it has none of them yet.
  expect(await userVotes(env, voter.id).all()).toEqual([]);

  const { current } = await exportUserVotes(env, voter.id);
  expect(current).toEqual([{ articleId: kept, voteType: "upvote", updatedAt: expect.any(Number) }]);
});
