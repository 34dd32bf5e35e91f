// Each author's comments listed in their UserCommentVotes object (ADR 022 step 26): written before
// D1's row and taken off only when D1 surely has none, read by the duplicate check, emptied by the
// account's deletion once D1's comments are settled, and filled for older comments by the move (run
// twice). Authors' comments span two
// articles, so two thread objects, as production spreads them.
import { env, runInDurableObject } from "cloudflare:test";
import { DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import { COMMENT_STATUS_REASONS } from "@unbiased/worker-shared/contracts/comments";
import { createDb } from "@unbiased/worker-shared/db/client";
import { faultyD1 } from "@unbiased/worker-shared/testing/faulty-d1";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import type { UserCommentVotes } from "../src/durable/user-comment-votes.ts";
import { textDigest } from "../src/storage/comment-texts.ts";
import { userCommentVotes } from "../src/storage/objects.ts";
import { insertComment as storeComment } from "../src/storage/post-comment.ts";
import { eraseUserComments } from "../src/storage/user-erasure.ts";
import { post, runConsumer, storedComments } from "./support/comments.ts";
import { insertComment as insertLegacyComment, signIn, call as staffCall } from "./support/modme.ts";
import { call, person, statusOf } from "./support/people.ts";

const twoArticles = async () => [(await insertArticle(env.DB)).id, (await insertArticle(env.DB)).id] as const;

interface Listed {
  commentId: string;
  articleId: string;
  digest: string;
  createdAt: number;
}

/** The author's list as their object keeps it, oldest first. */
const listOf = (userId: string) =>
  runInDurableObject(userCommentVotes(env, userId) as unknown as DurableObjectStub<UserCommentVotes>, (_, state) =>
    state.storage.sql
      .exec<{ commentId: string; articleId: string; digest: string; createdAt: number }>(
        `SELECT comment_id AS commentId, article_id AS articleId, digest, created_at AS createdAt
         FROM authored ORDER BY created_at, comment_id`,
      )
      .toArray()
      .map((row): Listed => ({ ...row })),
  );

async function moveAll(token: string): Promise<number> {
  let after: string | null = null;
  let moved = 0;
  do {
    const res = await staffCall("POST", "/api/comments/admin/authors/move", token, { after, limit: 2 });
    expect(res.status).toBe(200);
    moved += res.body.data.moved;
    after = res.body.data.next;
  } while (after);
  return moved;
}

describe("an author's list of their comments", () => {
  it("lists each new comment with its article, its text's digest and its time, as D1's row has them", async () => {
    const [a, b] = await twoArticles();
    const author = await person();
    const first = await post(author, a, "A first comment on one article");
    const second = await post(author, b, "A second comment on another");
    const rows = await env.DB.prepare(
      "SELECT id AS commentId, article_id AS articleId, content AS digest, created_at AS createdAt FROM comments WHERE user_id = ? ORDER BY created_at, id",
    )
      .bind(author.id)
      .all<Listed>();
    expect(await listOf(author.id)).toEqual(rows.results);
    expect((await listOf(author.id)).map((c) => c.commentId).sort()).toEqual([first, second].sort());
    expect((await listOf(author.id))[0]?.digest).toBe(await textDigest("A first comment on one article"));
  });

  it("takes a comment D1 refused off the list again", async () => {
    const [a] = await twoArticles();
    const ghost = `ghost-${crypto.randomUUID()}`;
    const refused = storeComment(
      env,
      createDb(env.DB),
      { articleId: a, userId: ghost, parentId: null, content: "Refused by D1: its author has no row" },
      crypto.randomUUID(),
    );
    await expect(refused).rejects.toThrow();
    expect(await listOf(ghost)).toEqual([]);
  });

  it("holds a second identical text within the window through the list, and not another author's", async () => {
    const [a, b] = await twoArticles();
    const author = await person({ score: 7 });
    const other = await person({ score: 7 });
    const first = await post(author, a, "The same words twice");
    await runConsumer(first);
    expect((await statusOf(first))?.status).toBe("approved");
    const copyByOther = await post(other, b, "The same words twice");
    await runConsumer(copyByOther);
    expect((await statusOf(copyByOther))?.status).toBe("approved");
    const again = await post(author, b, "The same words twice");
    await runConsumer(again);
    expect(await statusOf(again)).toEqual({ status: "pending", reason: COMMENT_STATUS_REASONS.heldDuplicate });
    // What held it is the list, not D1 (which still has both rows): with them off the list, a third
    // copy is approved.
    await userCommentVotes(env, author.id).forgetAuthored([first, again]);
    const third = await post(author, a, "The same words twice");
    await runConsumer(third);
    expect((await statusOf(third))?.status).toBe("approved");
  });

  it("holds no copy of a text listed longer ago than the window (10 minutes)", async () => {
    const [a, b] = await twoArticles();
    const author = await person({ score: 7 });
    const older = { commentId: `older-${crypto.randomUUID()}`, articleId: b, createdAt: Date.now() - 11 * 60_000 };
    await userCommentVotes(env, author.id).listAuthored([{ ...older, digest: await textDigest("Said again later") }]);
    const later = await post(author, a, "Said again later");
    await runConsumer(later);
    expect((await statusOf(later))?.status).toBe("approved");
  });

  it("keeps the comment listed when D1 stored its row but its answer was lost and D1 cannot say", async () => {
    const [a] = await twoArticles();
    const author = await person();
    // D1 runs the post's batch, then the answer is lost; the check that follows fails too.
    const lossy = new Proxy(env.DB, {
      get(target, key) {
        if (key === "batch")
          return async (statements: D1PreparedStatement[]) => {
            await target.batch(statements);
            throw new Error("D1_ERROR: Network connection lost.");
          };
        if (key === "prepare")
          return (query: string) => {
            if (query.includes("AS stored")) throw new Error("D1_ERROR: Network connection lost.");
            return target.prepare(query);
          };
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const lost = storeComment(
      env,
      createDb(lossy),
      { articleId: a, userId: author.id, parentId: null, content: "Stored, though its answer was lost" },
      author.sessionId,
    );
    await expect(lost).rejects.toThrow(/Network connection lost/);
    const [stored] = (await storedComments(a)).map((c) => c.id);
    expect(stored).toBeDefined();
    // Listed before D1 was asked, and left there: the list never misses a comment D1 has.
    expect((await listOf(author.id)).map((c) => c.commentId)).toEqual([stored]);
  });

  it("refuses new entries once the account's deletion began, and is emptied only after D1's comments", async () => {
    const [a] = await twoArticles();
    const author = await person();
    const before = await post(author, a, "Posted before the deletion");
    // The deletion marks the object first (with the votes): a post then answers 401 and stores nothing.
    await userCommentVotes(env, author.id).erase(author.id);
    const late = await call("POST", `/api/comments/article/${a}`, author, { content: "Posted after it began" });
    expect(late.status).toBe(401);
    expect((await storedComments(a)).map((c) => c.content)).toEqual(["Posted before the deletion"]);
    expect((await listOf(author.id)).map((c) => c.commentId)).toEqual([before]);

    // D1 refuses the settling of the comments: the list keeps them for the retry to find.
    const failing = faultyD1(env.DB, { failOn: /DELETE FROM comments WHERE user_id/ });
    await expect(eraseUserComments(env, createDb(failing.db), author.id, "delete", undefined)).rejects.toThrow();
    expect((await listOf(author.id)).map((c) => c.commentId)).toEqual([before]);
    await eraseUserComments(env, createDb(env.DB), author.id, "delete", undefined);
    expect(await storedComments(a)).toEqual([]);
    expect(await listOf(author.id)).toEqual([]);
  });

  it("drops a comment an admin removed for good", async () => {
    const [a] = await twoArticles();
    const author = await person();
    const removed = await post(author, a, "Removed for good by an admin");
    const kept = await post(author, a, "Kept");
    const admin = await signIn("admin");
    const res = await staffCall("DELETE", `/api/comments/${removed}?permanent=true`, admin.access);
    expect(res.status).toBe(200);
    expect((await listOf(author.id)).map((c) => c.commentId)).toEqual([kept]);
  });
});

describe("the move of older comments into their authors' lists", () => {
  it("lists every author's older comments once, however often it runs, and leaves the placeholders unlisted", async () => {
    const [a, b] = await twoArticles();
    const [one, two] = [await person(), await person()];
    // Rows as D1 kept them before the lists: one with its text still in D1, one with its digest only.
    const legacyText = await insertLegacyComment(one.id, a, { content: "An older text kept in D1", createdAt: 1_000 });
    const digested = await insertLegacyComment(two.id, b, { content: "Soon a digest", createdAt: 2_000 });
    const digest = await textDigest("An older text moved to its thread");
    await env.DB.prepare("UPDATE comments SET content = ?, text_in_thread = 1 WHERE id = ?")
      .bind(digest, digested)
      .run();
    // The '[deleted]' user, as an account deletion creates it for the placeholders it leaves.
    await env.DB.prepare(
      "INSERT OR IGNORE INTO users (id, email, name, role, created_at, last_login_at) VALUES (?, ?, ?, 'user', 0, 0)",
    )
      .bind(DELETED_USER.id, DELETED_USER.email, DELETED_USER.name)
      .run();
    await insertLegacyComment(DELETED_USER.id, a, { status: "deleted", content: "[deleted]" });
    const admin = await signIn("admin");

    const firstRun = await moveAll(admin.admin);
    expect(firstRun).toBeGreaterThanOrEqual(2);
    expect(await listOf(one.id)).toEqual([
      { commentId: legacyText, articleId: a, digest: await textDigest("An older text kept in D1"), createdAt: 1_000 },
    ]);
    expect(await listOf(two.id)).toEqual([{ commentId: digested, articleId: b, digest, createdAt: 2_000 }]);
    expect(await listOf(DELETED_USER.id)).toEqual([]);

    // Run again: the same comments, each still once.
    expect(await moveAll(admin.admin)).toBe(firstRun);
    expect(await listOf(one.id)).toHaveLength(1);
    expect(await listOf(two.id)).toHaveLength(1);
  });

  it("is an admin's call", async () => {
    const moderator = await signIn("moderator");
    expect((await staffCall("POST", "/api/comments/admin/authors/move", moderator.admin, {})).status).toBe(403);
  });
});
