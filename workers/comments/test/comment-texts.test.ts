// Comments' texts in their articles' thread objects (ADR 022 step 19): D1 keeps a digest in the text's
// place, and every view that shows a comment reads the text from its thread. Each test spans two
// articles, so two thread objects, as production spreads them.
import { env, SELF } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import { insertComment as storeComment } from "../src/storage/post-comment.ts";
import { post, postApproved, runConsumer, storedComments, threadOf, threadTexts } from "./support/comments.ts";
import { insertComment as insertLegacyComment, signIn, call as staffCall } from "./support/modme.ts";
import { call, person, statusOf } from "./support/people.ts";

const twoArticles = async () => [(await insertArticle(env.DB)).id, (await insertArticle(env.DB)).id] as const;

describe("a new comment's text", () => {
  it("is kept in its thread's object, D1 keeping only its digest, and every view shows it", async () => {
    const [a, b] = await twoArticles();
    const author = await person();
    const onA = await postApproved(author, a, "Words about the first article");
    const onB = await post(author, b, "Words about the second article, still pending");
    // storedComments fails when a row whose text is in the thread keeps more than the digest.
    expect(await storedComments(a)).toEqual([
      { id: onA, userId: author.id, content: "Words about the first article", status: "approved" },
    ]);
    expect(await storedComments(b)).toEqual([
      { id: onB, userId: author.id, content: "Words about the second article, still pending", status: "pending" },
    ]);

    // The thread, signed out and signed in.
    for (const who of [null, author]) {
      const thread = await call("GET", `/api/comments/article/${a}`, who);
      expect(thread.data.comments).toEqual([
        expect.objectContaining({ id: onA, content: "Words about the first article" }),
      ]);
    }
    // ModMe: the pending queue, the approved tab, a user's comments and the reports.
    const moderator = await signIn("moderator");
    const pending = await staffCall("GET", "/api/comments/admin/pending", moderator.admin);
    expect(pending.body.data.pendingComments).toContainEqual(
      expect.objectContaining({ id: onB, content: "Words about the second article, still pending" }),
    );
    const approved = await staffCall("GET", "/api/comments/admin/approved?limit=100", moderator.admin);
    expect(approved.body.data.approvedComments).toContainEqual(
      expect.objectContaining({ id: onA, content: "Words about the first article" }),
    );
    const own = await staffCall("GET", `/api/comments/admin/user/${author.id}/comments`, moderator.admin);
    expect(own.body.data.comments.map((c: { content: string }) => c.content).sort()).toEqual([
      "Words about the first article",
      "Words about the second article, still pending",
    ]);
    const reporter = await person();
    expect((await call("POST", `/api/comments/${onA}/report`, reporter, { reason: "Off topic here" })).status).toBe(
      201,
    );
    const reports = await staffCall("GET", "/api/comments/admin/reports?limit=100", moderator.admin);
    expect(reports.body.data.reports).toContainEqual(
      expect.objectContaining({ comment_id: onA, comment_content: "Words about the first article" }),
    );
  });

  it("is a duplicate of the same text in a row from before the move, whose text D1 still keeps", async () => {
    const [a, b] = await twoArticles();
    const author = await person({ score: 20 });
    await insertLegacyComment(author.id, a, {
      status: "approved",
      content: "Buy my thing today",
      createdAt: Date.now(),
    });
    // The duplicate check reads the author's list (ADR 022 step 26): the move lists older rows first.
    const admin = await signIn("admin");
    for (let after: string | null = null, first = true; first || after; first = false) {
      const page = await staffCall("POST", "/api/comments/admin/authors/move", admin.admin, { after, limit: 500 });
      after = page.body.data.next;
    }
    const again = await post(author, b, "Buy my thing today");
    await runConsumer(again);
    expect((await statusOf(again))?.status).toBe("pending");
  });

  it("leaves its thread again when D1 refuses the row", async () => {
    const [a] = await twoArticles();
    const refused = storeComment(
      env,
      createDb(env.DB),
      { articleId: a, userId: "no-such-user", parentId: null, content: "Never stored anywhere" },
      crypto.randomUUID(),
    );
    await expect(refused).rejects.toThrow();
    expect(await threadTexts(a)).toEqual(new Map());
  });

  it("is stored nowhere when its poster's session ended on the way (an account deletion ends them first)", async () => {
    const [a, b] = await twoArticles();
    const author = await person();
    await postApproved(author, b, "Posted while the session was open");
    await env.DB.prepare("INSERT INTO ended_sessions (session_id, expires_at) VALUES (?, ?)")
      .bind(author.sessionId, Date.now() + 3600_000)
      .run();
    const late = storeComment(
      env,
      createDb(env.DB),
      { articleId: a, userId: author.id, parentId: null, content: "Sent just before the deletion" },
      author.sessionId,
    );
    await expect(late).rejects.toMatchObject({ status: 401 });
    expect(await storedComments(a)).toEqual([]);
    expect(await threadTexts(a)).toEqual(new Map());
  });
});

describe("the move of older texts", () => {
  const move = async (token: string) => {
    let after: string | null = null;
    let moved = 0;
    do {
      const res = await SELF.fetch("https://comments.test/api/comments/admin/texts/move", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ after, limit: 2 }),
      });
      expect(res.status).toBe(200);
      const page = ((await res.json()) as { data: { moved: number; next: string | null } }).data;
      moved += page.moved;
      after = page.next;
    } while (after);
    return moved;
  };

  it("never brings back the text of a comment deleted for good after the move read it", async () => {
    const [a] = await twoArticles();
    const author = await person();
    const older = await insertLegacyComment(author.id, a, { status: "approved", content: "Read, then deleted" });
    // The deletion drops it in the thread first (as an admin's or its author's account's deletion
    // does), and the move, which read the row before that, then hands the thread its text.
    await threadOf(a).dropComments(a, [{ id: older, parentId: null }], "removed");
    await threadOf(a).keepTexts([{ commentId: older, body: "Read, then deleted" }]);
    expect(await threadTexts(a)).toEqual(new Map());
  });

  it("drops from the thread again the text of a row it could not change, and leaves that row as it is", async () => {
    const [a] = await twoArticles();
    const author = await person();
    const held = await insertLegacyComment(author.id, a, { status: "approved", content: "Changed under the move" });
    // The page's update finds the row changed (as when an account deletion emptied it between the
    // page's read and its write): a trigger lets no update of this row through.
    await env.DB.prepare(
      `CREATE TRIGGER hold_row BEFORE UPDATE ON comments WHEN OLD.id = '${held}' BEGIN SELECT RAISE(IGNORE); END`,
    ).run();
    try {
      const admin = await signIn("admin");
      await move(admin.admin);
    } finally {
      await env.DB.prepare("DROP TRIGGER hold_row").run();
    }
    expect(await threadTexts(a)).toEqual(new Map());
    expect(
      await env.DB.prepare("SELECT content, text_in_thread AS inThread FROM comments WHERE id = ?").bind(held).first(),
    ).toEqual({ content: "Changed under the move", inThread: 0 });
  });

  it("puts each row's text in its thread and its digest in D1, and moves nothing the second time", async () => {
    const [a, b] = await twoArticles();
    const author = await person();
    const older = [
      await insertLegacyComment(author.id, a, { status: "approved", content: "Written before the move" }),
      await insertLegacyComment(author.id, a, { status: "pending", content: "Also written before it" }),
      await insertLegacyComment(author.id, b, { status: "approved", content: "On the other article" }),
    ];
    const newer = await postApproved(author, b, "Written after the move");
    const admin = await signIn("admin");
    expect(await move(admin.admin)).toBeGreaterThanOrEqual(3);
    expect(await move(admin.admin)).toBe(0);

    expect((await storedComments(a)).map((row) => row.content)).toEqual([
      "Written before the move",
      "Also written before it",
    ]);
    expect((await storedComments(b)).map((row) => row.content)).toEqual([
      "On the other article",
      "Written after the move",
    ]);
    expect([...(await threadTexts(a)).keys()].sort()).toEqual([older[0], older[1]].sort());
    expect([...(await threadTexts(b)).keys()].sort()).toEqual([older[2], newer].sort());
    const inD1 = await env.DB.prepare(
      "SELECT count(*) AS n FROM comments WHERE article_id IN (?, ?) AND text_in_thread = 0",
    )
      .bind(a, b)
      .first();
    expect(inD1).toEqual({ n: 0 });
  });
});
