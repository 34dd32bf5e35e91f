// A score crossing below 0 (ADR 022 step 28): the change's batch records the fall, and the author's
// approved comments go back to the queue thread by thread, by whoever made the change or, when that
// failed, by the cron.
import { env } from "cloudflare:test";
import { COMMENT_STATUS_REASONS } from "@unbiased/worker-shared/contracts/comments";
import { createDb } from "@unbiased/worker-shared/db/client";
import { faultyD1 } from "@unbiased/worker-shared/testing/faulty-d1";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { applyReputationChange, settleLeftReputationFalls } from "../src/storage/reputation-falls.ts";
import { eraseUserComments } from "../src/storage/user-erasure.ts";
import { approve, copiedToD1, postApproved } from "./support/comments.ts";
import { insertComment } from "./support/modme.ts";
import { call, person, scoreOf, statusOf } from "./support/people.ts";

const fallOf = (userId: string) =>
  env.DB.prepare("SELECT fell_at AS fellAt FROM reputation_falls WHERE user_id = ?")
    .bind(userId)
    .first<{ fellAt: number }>();

const backInQueue = { status: "pending", reason: COMMENT_STATUS_REASONS.negativeReputation };

let articles: string[];
beforeAll(async () => {
  articles = [(await insertArticle(env.DB)).id, (await insertArticle(env.DB)).id];
});

describe("a reputation fall", () => {
  it("sends the author's approved comments in every thread back, and only theirs; the fall is then settled", async () => {
    const author = await person();
    const [first, second] = [
      await postApproved(author, articles[0] as string, "On the first article"),
      await postApproved(author, articles[1] as string, "On the second article"),
    ];
    const other = await person();
    const untouched = await postApproved(other, articles[0] as string, "Not theirs");
    // Two approvals: 2; a downvote from each of three voters on the second comment: -1.
    for (let i = 0; i < 3; i += 1) {
      const res = await call("POST", `/api/comments/${second}/vote`, await person(), { voteType: "downvote" });
      expect(res.status).toBe(200);
    }
    await copiedToD1(articles[1] as string);
    expect(await scoreOf(author.id)).toBe(-1);
    expect(await statusOf(first)).toEqual(backInQueue);
    expect(await statusOf(second)).toEqual(backInQueue);
    expect((await statusOf(untouched))?.status).toBe("approved");
    expect(await fallOf(author.id)).toBeNull();
  });

  it("by a deactivation's penalty sends the author's other approved comments back too", async () => {
    const author = await person();
    const [hidden, kept] = [
      await postApproved(author, articles[0] as string, "Hidden by staff"),
      await postApproved(author, articles[1] as string, "Approved elsewhere"),
    ];
    const third = await postApproved(author, articles[1] as string, "A third");
    // Score 3: the first deactivation's -2 leaves 1 (no fall), the second's -2 crosses.
    const moderator = await person({ role: "moderator" });
    const hide = (id: string) => call("PUT", `/api/comments/${id}/deactivate`, moderator, { reason: "Off topic" });
    expect((await hide(hidden)).status).toBe(200);
    expect(await scoreOf(author.id)).toBe(1);
    expect((await statusOf(kept))?.status).toBe("approved");
    expect((await hide(third)).status).toBe(200);
    expect(await scoreOf(author.id)).toBe(-1);
    expect(await statusOf(kept)).toEqual(backInQueue);
    expect(await statusOf(third)).toEqual({ status: "pending", reason: "Off topic" });
  });

  it("left behind by a failed settling is settled by the cron, and a later approval stands", async () => {
    const author = await person({ score: 1 });
    // Two comments from a minute ago: one approved then, one still pending.
    const minuteAgo = Date.now() - 60_000;
    const before = await insertComment(author.id, articles[0] as string, { status: "approved", createdAt: minuteAgo });
    const later = await insertComment(author.id, articles[1] as string, { status: "pending", createdAt: minuteAgo });
    const failing = faultyD1(env.DB, { failOn: /FROM reputation_falls/ });
    // The change is in, its settling failed: the call still answers, with the score after it.
    const after = await applyReputationChange(env, createDb(failing.db), {
      userId: author.id,
      delta: -2,
      reason: "test",
    });
    expect(after.score).toBe(-1);
    expect(failing.failures).toBe(1);
    expect((await statusOf(before))?.status).toBe("approved");
    expect(await fallOf(author.id)).not.toBeNull();
    // A moderator approves a restricted author's comment after the fall (the fall set a second back, so
    // the approval cannot share its millisecond): settling the fall leaves it, by the thread's record of
    // when it was approved (D1 offers it, as every comment from before the fall).
    await env.DB.prepare("UPDATE reputation_falls SET fell_at = fell_at - 1000 WHERE user_id = ?")
      .bind(author.id)
      .run();
    await approve(later);
    expect(await settleLeftReputationFalls(env, createDb(env.DB))).toBeGreaterThanOrEqual(1);
    expect(await statusOf(before)).toEqual(backInQueue);
    expect((await statusOf(later))?.status).toBe("approved");
    expect(await fallOf(author.id)).toBeNull();
    expect(await settleLeftReputationFalls(env, createDb(env.DB))).toBe(0);
  });

  it("of a deleted account goes with it", async () => {
    const author = await person();
    await postApproved(author, articles[0] as string, "Soon gone");
    const failing = faultyD1(env.DB, { failOn: /FROM reputation_falls/ });
    await applyReputationChange(env, createDb(failing.db), { userId: author.id, delta: -5, reason: "test" });
    expect(await fallOf(author.id)).not.toBeNull();
    await eraseUserComments(env, createDb(env.DB), author.id, "delete", undefined);
    expect(await fallOf(author.id)).toBeNull();
  });
});
