// Comment votes and reports (spec §7), with their reputation effects and rate limits.
import { env } from "cloudflare:test";
import { COMMENT_MESSAGES } from "@unbiased/worker-shared/contracts/comments";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { reputationHistory } from "../src/storage/objects.ts";
import { copiedToD1, post, postApproved, threadOf } from "./support/comments.ts";
import { call, type Person, person, scoreOf } from "./support/people.ts";

let author: Person;
let voter: Person;
let articleId: string;

beforeAll(async () => {
  author = await person();
  voter = await person();
  articleId = (await insertArticle(env.DB)).id;
});

const vote = (who: Person | null, id: string, voteType?: string) =>
  voteType === undefined
    ? call("DELETE", `/api/comments/${id}/vote`, who)
    : call("POST", `/api/comments/${id}/vote`, who, { voteType });

/** The author's score once D1 has every vote change of the thread (its object's copy, ADR 022). */
const settledScore = async (userId: string) => {
  await copiedToD1(articleId);
  return scoreOf(userId);
};

describe("comment votes", () => {
  it("sets, repeats idempotently, switches and removes a vote, moving the author's reputation with it", async () => {
    const id = await postApproved(author, articleId, "Vote on me");
    const base = await scoreOf(author.id);
    expect(await vote(voter, id, "upvote")).toMatchObject({
      status: 200,
      data: { commentId: id, upvotes: 1, downvotes: 0, userVote: "upvote" },
    });
    expect((await vote(voter, id, "upvote")).data).toMatchObject({ upvotes: 1, downvotes: 0 });
    expect(await settledScore(author.id)).toBe(base + 1);
    expect((await vote(voter, id, "downvote")).data).toMatchObject({ upvotes: 0, downvotes: 1, userVote: "downvote" });
    expect(await settledScore(author.id)).toBe(base - 1);
    expect((await vote(voter, id)).data).toMatchObject({ upvotes: 0, downvotes: 0, userVote: null });
    expect(await settledScore(author.id)).toBe(base);
    expect((await vote(voter, id)).data).toMatchObject({ upvotes: 0, downvotes: 0 });
    await copiedToD1(articleId);
    const totals = await env.DB.prepare(
      "SELECT total_upvotes AS up, total_downvotes AS down FROM user_reputation WHERE user_id = ?",
    )
      .bind(author.id)
      .first();
    expect(totals).toEqual({ up: 0, down: 0 });
    // The history keeps the day's sum of the votes received, in the author's own object (ADR 022).
    const history = await reputationHistory(env, author.id).entries();
    expect(history.map(({ reason, delta }) => ({ reason, delta }))).toEqual([{ reason: "votes received", delta: 0 }]);
  });

  it("moves the author's reputation by one vote's value per voter, however many of their votes race", async () => {
    const id = await postApproved(author, articleId, "Raced votes");
    const base = await scoreOf(author.id);
    // Each voter's vote as the thread's object holds it (the record of the votes).
    const finalVotes = async (voters: Person[]) =>
      Promise.all(
        voters.map(
          async (who) =>
            (await threadOf(articleId).read(articleId, who.id, [])).votes.find((v) => v.commentId === id)?.voteType ??
            null,
        ),
      );
    const pointsOf = (votes: (string | null)[]) =>
      votes.reduce((sum, v) => sum + (v === "upvote" ? 1 : v === "downvote" ? -1 : 0), 0);

    // One voter, 20 parallel downvotes: one vote's worth.
    const single = await person();
    const all = await Promise.all(Array.from({ length: 20 }, () => vote(single, id, "downvote")));
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(await settledScore(author.id)).toBe(base - 1);

    // Three voters, each sending 5 downvotes and 5 upvotes at once.
    const racers = [await person(), await person(), await person()];
    await Promise.all(
      racers.flatMap((who) => Array.from({ length: 10 }, (_, i) => vote(who, id, i % 2 ? "upvote" : "downvote"))),
    );
    const votes = await finalVotes([single, ...racers]);
    expect(await settledScore(author.id)).toBe(base + pointsOf(votes));
    const counts = await env.DB.prepare("SELECT upvotes AS up, downvotes AS down FROM comments WHERE id = ?")
      .bind(id)
      .first<{ up: number; down: number }>();
    expect(counts).toEqual({
      up: votes.filter((v) => v === "upvote").length,
      down: votes.filter((v) => v === "downvote").length,
    });
  });

  it("shows the caller's vote in the thread", async () => {
    const id = await postApproved(author, articleId, "Thread vote display");
    await vote(voter, id, "downvote");
    const thread = await call("GET", `/api/comments/article/${articleId}`, voter);
    const found = (thread.data.comments as { id: string; userVote: string | null }[]).find((c) => c.id === id);
    expect(found?.userVote).toBe("downvote");
    const anonymous = await call("GET", `/api/comments/article/${articleId}`);
    expect((anonymous.data.comments as { id: string }[]).find((c) => c.id === id)).not.toHaveProperty("userVote");
  });

  it("refuses votes on one's own comment, on pending comments, signed out, and bad vote types", async () => {
    const id = await postApproved(author, articleId, "Self vote attempt");
    expect(await vote(author, id, "upvote")).toMatchObject({ status: 403, error: COMMENT_MESSAGES.ownComment });
    const pending = await post(author, articleId, "Not approved");
    expect((await vote(voter, pending, "upvote")).status).toBe(404);
    expect((await vote(null, id, "upvote")).status).toBe(401);
    expect((await vote(voter, id, "sideways")).status).toBe(400);
  });

  it("rate-limits votes per user with 429, a clear message and Retry-After", async () => {
    const spammer = await person();
    const id = await postApproved(author, articleId, "Target of a vote storm");
    let last = await vote(spammer, id, "upvote");
    for (let i = 1; i < RATE_LIMITS.commentVotes.limit; i++)
      last = await vote(spammer, id, i % 2 ? "downvote" : "upvote");
    expect(last.status).toBe(200);
    const refused = await vote(spammer, id, "upvote");
    expect(refused).toMatchObject({ status: 429, error: COMMENT_MESSAGES.tooManyVotes });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  }, 30_000); // 31 sequential votes
});

describe("comment vote history", () => {
  it("lists the caller's comment votes newest first with the article, for the profile", async () => {
    const historian = await person();
    const first = await postApproved(author, articleId, "First voted");
    const second = await postApproved(author, articleId, "Second voted");
    await vote(historian, first, "upvote");
    await new Promise((r) => setTimeout(r, 5));
    await vote(historian, second, "downvote");
    const res = await call("GET", "/api/comments/votes/history", historian);
    expect(res.status).toBe(200);
    expect(res.data.map((v: { commentId: string; voteType: string }) => [v.commentId, v.voteType])).toEqual([
      [second, "downvote"],
      [first, "upvote"],
    ]);
    expect(res.data[0]).toMatchObject({ articleId, title: expect.any(String), timestamp: expect.any(String) });
    expect((await call("GET", "/api/comments/votes/history", null)).status).toBe(401);
  });
});

describe("comment reports", () => {
  it("accepts one report per user per comment", async () => {
    const id = await postApproved(author, articleId, "Report me once");
    const reason = { reason: "Harassment or hate speech" };
    expect(await call("POST", `/api/comments/${id}/report`, voter, reason)).toMatchObject({
      status: 201,
      data: { message: COMMENT_MESSAGES.reported },
    });
    expect(await call("POST", `/api/comments/${id}/report`, voter, reason)).toMatchObject({
      status: 409,
      error: COMMENT_MESSAGES.alreadyReported,
    });
    const other = await person();
    expect((await call("POST", `/api/comments/${id}/report`, other, reason)).status).toBe(201);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM comment_reports WHERE comment_id = ?")
      .bind(id)
      .first();
    expect(count).toEqual({ n: 2 });
  });

  it("needs a reason of 3 characters and sign-in", async () => {
    const id = await postApproved(author, articleId, "Report validation");
    expect(await call("POST", `/api/comments/${id}/report`, voter, { reason: " a " })).toMatchObject({
      status: 400,
      error: "Please provide a reason for reporting (minimum 3 characters)",
    });
    expect((await call("POST", `/api/comments/${id}/report`, null, { reason: "Spam" })).status).toBe(401);
    expect((await call("POST", "/api/comments/missing/report", voter, { reason: "Spam" })).status).toBe(404);
  });
});

describe("rate limits on posting", () => {
  it("answers the comment after the limit with 429 and Retry-After", async () => {
    const chatty = await person();
    for (let i = 0; i < RATE_LIMITS.comments.limit; i++) {
      expect(
        (await call("POST", `/api/comments/article/${articleId}`, chatty, { content: `Comment ${i}` })).status,
      ).toBe(201);
    }
    const refused = await call("POST", `/api/comments/article/${articleId}`, chatty, { content: "One too many" });
    expect(refused).toMatchObject({ status: 429, error: COMMENT_MESSAGES.tooManyComments });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Counted in the author's own object, not in D1's rate_limits (ADR 022 step 24)…
    const inD1 = await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key LIKE ?")
      .bind(`%:${chatty.id}`)
      .first<{ n: number }>();
    expect(inD1?.n).toBe(0);
    // …and each write has its own window: a reply still goes through.
    const parent = await postApproved(await person(), articleId, "A comment someone answers");
    const replied = await call("POST", `/api/comments/${parent}/reply`, chatty, {
      content: "A reply is counted apart",
    });
    expect(replied.status).toBe(201);
  }, 30_000); // 31 sequential posts: more than the default 5 s budget on a busy machine
});
