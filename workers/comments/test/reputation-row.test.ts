// A user's user_reputation row is made by their first reputation change (ADR 022 step 27), not at
// sign-up: every view of a user without one shows a score of 0 and the New tier, and the first change
// (an approval's +1) makes it.
import { env } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import { post, runConsumer } from "./support/comments.ts";
import { signIn, call as staffCall } from "./support/modme.ts";
import { person, scoreOf } from "./support/people.ts";

const rowsOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT count(*) AS n FROM user_reputation WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>()
  )?.n;

describe("a user without a reputation row", () => {
  it("scores 0 in every view until their first change makes the row", async () => {
    const { id: articleId } = await insertArticle(env.DB);
    const author = await person();
    // As the gateway's sign-up leaves a new account: no row.
    await env.DB.prepare("DELETE FROM user_reputation WHERE user_id = ?").bind(author.id).run();
    expect(await rowsOf(author.id)).toBe(0);
    const moderator = await signIn("moderator");
    const record = await staffCall("GET", `/api/comments/admin/user/${author.id}/reputation`, moderator.admin);
    expect(record.status).toBe(200);
    expect(record.body.data).toMatchObject({ reputationScore: 0, approvedComments: 0, tier: "New User" });
    const listed = await staffCall(
      "GET",
      `/api/comments/admin/users?q=${encodeURIComponent(author.name)}`,
      moderator.admin,
    );
    expect(listed.body.data.users).toEqual([expect.objectContaining({ userId: author.id, reputationScore: 0 })]);

    // Their comment, held for review (a New author), then approved by a moderator: +1 makes the row.
    const comment = await post(author, articleId, "A first comment from a new account");
    await runConsumer(comment);
    const approved = await staffCall("PUT", `/api/comments/${comment}/approve`, moderator.admin, {});
    expect(approved.status).toBe(200);
    expect(await rowsOf(author.id)).toBe(1);
    expect(await scoreOf(author.id)).toBe(1);
  });
});
