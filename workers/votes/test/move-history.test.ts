// What D1 kept of votes before ADR 022 moves to the objects, page by page through the admin calls:
// the voting history to each user's UserVotes object, the vote events to their day's VoteLog shard;
// running it again, or over an object that already has a newer vote, changes nothing.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dayOf, shardOf, voteLog } from "../src/storage/vote-log-days.ts";
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
    await userVotes(env, "mover-b").apply([{ articleId: "article-1", voteType: "upvote", at: 35, seq: 1 }]);
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

  it("moves every vote event to its day's object, once however often it runs", async () => {
    const at = Date.now() - 3 * 24 * 3600_000;
    for (const [id, userId, offset] of [
      ["legacy-1", "mover-d", 0],
      ["legacy-2", "mover-d", 1],
      ["legacy-3", "mover-e", 2],
    ] as const)
      await env.DB.prepare(
        "INSERT INTO vote_events (id, article_id, user_id, vote_type, previous_vote, ip, created_at) VALUES (?, 'article-9', ?, 'upvote', 'none', '192.0.2.9', ?)",
      )
        .bind(id, userId, at + offset)
        .run();
    const admin = await signedInUser("admin");
    const moveEvents = async (limit: number) => {
      let after: string | null = null;
      do {
        const res = await call("/api/votes/admin/events/move", {
          method: "POST",
          token: admin.adminToken,
          body: { after, limit },
        });
        expect(res.status).toBe(200);
        after = (await json<{ data: { next: string | null } }>(res)).data.next;
      } while (after);
    };
    const logged = async () => ({
      d: (await voteLog(env, dayOf(at), shardOf("mover-d")).eventsOf("mover-d")).map((e) => e.id),
      e: (await voteLog(env, dayOf(at), shardOf("mover-e")).eventsOf("mover-e")).map((e) => e.id),
    });
    await moveEvents(2);
    expect(await logged()).toEqual({ d: ["legacy-1", "legacy-2"], e: ["legacy-3"] });
    await moveEvents(200);
    expect(await logged()).toEqual({ d: ["legacy-1", "legacy-2"], e: ["legacy-3"] });
  });

  it("is for admins with the ModMe gate's token only", async () => {
    const moderator = await signedInUser("moderator");
    const admin = await signedInUser("admin");
    for (const path of ["/api/votes/admin/history/move", "/api/votes/admin/events/move"])
      for (const token of [moderator.adminToken, admin.token]) {
        const res = await call(path, { method: "POST", token, body: {} });
        expect(res.status).toBe(403);
      }
  });
});
