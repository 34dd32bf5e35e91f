// The voting history D1 kept before ADR 022 moves to each user's UserVotes object, page by page
// through the admin call; running it again, or over an object that already has a newer vote, changes
// nothing.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { userVotes } from "../src/votes/cast-vote.ts";
import { call, json, signedInUser } from "./support/people.ts";

type Page = { moved: number; next: { userId: string; articleId: string } | null };

async function moveAll(token: string, limit: number): Promise<number> {
  let after: Page["next"] = null;
  let pages = 0;
  do {
    const res = await call("/api/votes/admin/history/move", { method: "POST", token, body: { after, limit } });
    expect(res.status).toBe(200);
    after = (await json<{ data: Page }>(res)).data.next;
    pages += 1;
  } while (after);
  return pages;
}

const history = async (userId: string) =>
  (await userVotes(env, userId).all()).map((v) => [v.articleId, v.voteType, v.updatedAt]);

describe("moving the D1 voting history to the users' objects", () => {
  it("moves every row, in pages, and a second run changes nothing", async () => {
    const rows: [string, string, string, number][] = [
      ["mover-a", "article-1", "upvote", 10],
      ["mover-a", "article-2", "downvote", 20],
      ["mover-b", "article-1", "downvote", 30],
      ["mover-c", "article-3", "upvote", 40],
      ["mover-c", "article-4", "upvote", 50],
    ];
    for (const row of rows)
      await env.DB.prepare(
        "INSERT INTO user_article_votes (user_id, article_id, vote_type, updated_at) VALUES (?, ?, ?, ?)",
      )
        .bind(...row)
        .run();
    // mover-b changed their vote after the table stopped being written: the object's newer vote stays.
    await userVotes(env, "mover-b").apply([{ articleId: "article-1", voteType: "upvote", at: 35 }]);
    const admin = await signedInUser("admin");

    expect(await moveAll(admin.adminToken, 2)).toBeGreaterThanOrEqual(3);
    const after = {
      a: await history("mover-a"),
      b: await history("mover-b"),
      c: await history("mover-c"),
    };
    expect(after).toEqual({
      a: [
        ["article-1", "upvote", 10],
        ["article-2", "downvote", 20],
      ],
      b: [["article-1", "upvote", 35]],
      c: [
        ["article-3", "upvote", 40],
        ["article-4", "upvote", 50],
      ],
    });

    await moveAll(admin.adminToken, 200);
    expect({ a: await history("mover-a"), b: await history("mover-b"), c: await history("mover-c") }).toEqual(after);
  });

  it("is for admins with the ModMe gate's token only", async () => {
    const moderator = await signedInUser("moderator");
    const admin = await signedInUser("admin");
    for (const token of [moderator.adminToken, admin.token]) {
      const res = await call("/api/votes/admin/history/move", { method: "POST", token, body: {} });
      expect(res.status).toBe(403);
    }
  });
});
