// The comment-events consumer's decisions (ADR 011) and reputation's effects on comment status.
import { env } from "cloudflare:test";
import { COMMENT_STATUS_REASONS, reputationTier } from "@unbiased/worker-shared/contracts/comments";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { moderationPolicy } from "../src/moderation/policy.ts";
import { getReputation } from "../src/storage/reputation.ts";
import { applyReputationChange } from "../src/storage/reputation-falls.ts";
import { copiedToD1, post, postApproved, runConsumer } from "./support/comments.ts";
import { call, person, scoreOf, setScore, statusOf } from "./support/people.ts";

let articleId: string;
beforeAll(async () => {
  articleId = (await insertArticle(env.DB)).id;
});

describe("comment-events consumer: automatic approval by reputation tier", () => {
  it.each([
    [-1, "pending"],
    [0, "pending"],
    [4, "pending"],
    [5, "approved"],
    [12, "approved"],
  ])("an author with reputation %i → %s", async (score, expected) => {
    const author = await person({ score });
    const id = await post(author, articleId, `Posted with reputation ${score}`);
    const result = await runConsumer(id);
    expect(result.explicitAcks).toHaveLength(1);
    const status = await statusOf(id);
    expect(status?.status).toBe(expected);
    if (expected === "pending") expect(status?.reason).toBe(COMMENT_STATUS_REASONS.awaitingReview);
    // An approval earns a point; waiting does not.
    expect(await scoreOf(author.id)).toBe(expected === "approved" ? score + 1 : score);
  });

  it("approves moderators' and admins' comments whatever their reputation (spam signals still apply)", async () => {
    for (const role of ["moderator", "admin"] as const) {
      const staff = await person({ role, score: 0 });
      const id = await post(staff, articleId, `A word from a ${role}`);
      await runConsumer(id);
      expect((await statusOf(id))?.status).toBe("approved");
    }
  });

  it("holds an established author's comment with many links", async () => {
    const author = await person({ score: 20 });
    const links = "see https://a.example https://b.example www.c.example http://d.example";
    const id = await post(author, articleId, links);
    await runConsumer(id);
    expect(await statusOf(id)).toEqual({ status: "pending", reason: COMMENT_STATUS_REASONS.heldManyLinks });
    const log = await env.DB.prepare("SELECT action, actor_id AS actorId FROM moderation_log WHERE target_id = ?")
      .bind(id)
      .first();
    expect(log).toEqual({ action: "comment.hold", actorId: null });
  });

  it("holds a burst of identical comments", async () => {
    const author = await person({ score: 20 });
    const first = await post(author, articleId, "Buy my thing now");
    await runConsumer(first);
    const second = await post(author, articleId, "Buy my thing now");
    await runConsumer(second);
    expect((await statusOf(first))?.status).toBe("approved");
    expect(await statusOf(second)).toEqual({ status: "pending", reason: COMMENT_STATUS_REASONS.heldDuplicate });
  });

  it("holds a comment whose author was banned after posting", async () => {
    const author = await person({ score: 20 });
    const id = await post(author, articleId, "Posted just before the ban");
    await env.DB.prepare(
      "INSERT INTO bans (id, user_id, ban_type, reason, banned_at) VALUES (?, ?, 'permanent', 'spam', ?)",
    )
      .bind(crypto.randomUUID(), author.id, Date.now())
      .run();
    await runConsumer(id);
    expect(await statusOf(id)).toEqual({ status: "pending", reason: COMMENT_STATUS_REASONS.heldBannedAuthor });
  });

  it("leaves a comment alone once someone acted on it (deleted before the consumer ran; redelivery)", async () => {
    const author = await person({ score: 20 });
    const id = await post(author, articleId, "Deleted at once");
    await call("DELETE", `/api/comments/${id}`, author);
    await runConsumer(id);
    expect((await statusOf(id))?.status).toBe("deleted");
    const again = await post(author, articleId, "Processed twice");
    await runConsumer(again);
    await runConsumer(again);
    expect(await scoreOf(author.id)).toBe(21);
  });

  it("reads the threshold from COMMENT_AUTO_APPROVE_MIN_REPUTATION, defaulting to 5", () => {
    expect(moderationPolicy({}).autoApproveMinReputation).toBe(5);
    expect(moderationPolicy({ COMMENT_AUTO_APPROVE_MIN_REPUTATION: "10" }).autoApproveMinReputation).toBe(10);
    expect(moderationPolicy({ COMMENT_AUTO_APPROVE_MIN_REPUTATION: "nonsense" }).autoApproveMinReputation).toBe(5);
    expect(moderationPolicy(env).autoApproveMinReputation).toBe(5);
  });
});

describe("reputation", () => {
  it("names the tiers of spec §4/§9", () => {
    expect([12, 10, 9, 5, 4, 0, -1].map((s) => reputationTier(s).label)).toEqual([
      "Trusted User",
      "Trusted User",
      "Established User",
      "Established User",
      "New User",
      "New User",
      "Restricted User",
    ]);
  });

  it("going below 0 moves all the author's approved comments to the moderation queue", async () => {
    const author = await person();
    const a = await postApproved(author, articleId, "Approved one");
    const b = await postApproved(author, articleId, "Approved two");
    const other = await person();
    const untouched = await postApproved(other, articleId, "Someone else's");
    // Two approvals: score 2. A manual -3 takes it to -1.
    const after = await applyReputationChange(env, createDb(env.DB), {
      userId: author.id,
      delta: -3,
      reason: "manual adjustment",
    });
    expect(after).toMatchObject({ score: -1, tier: "restricted" });
    for (const id of [a, b]) {
      expect(await statusOf(id)).toEqual({ status: "pending", reason: COMMENT_STATUS_REASONS.negativeReputation });
    }
    expect((await statusOf(untouched))?.status).toBe("approved");
    const thread = await call("GET", `/api/comments/article/${articleId}`);
    const ids = (thread.data.comments as { id: string }[]).map((c) => c.id);
    expect(ids).not.toContain(a);
    expect(ids).toContain(untouched);
  });

  it("downvotes that take an author below 0 do the same; a moderator can still approve while negative", async () => {
    const author = await person();
    const id = await postApproved(author, articleId, "Controversial take"); // score 1
    const voters = [await person(), await person()];
    for (const v of voters) await call("POST", `/api/comments/${id}/vote`, v, { voteType: "downvote" });
    await copiedToD1(articleId);
    expect(await scoreOf(author.id)).toBe(-1);
    expect((await statusOf(id))?.status).toBe("pending");
    await setScore(author.id, -5);
    const next = await post(author, articleId, "Still allowed to post, always reviewed");
    await runConsumer(next);
    expect((await statusOf(next))?.status).toBe("pending");
    const { approveComment } = await import("../src/storage/comment-status.ts");
    await approveComment(env, createDb(env.DB), { commentId: next, actorId: null });
    expect((await statusOf(next))?.status).toBe("approved");
    expect((await getReputation(createDb(env.DB), author.id)).score).toBe(-4);
  });
});
