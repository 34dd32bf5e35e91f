// The public comments API (spec §7) in workerd with real D1 and the real queue binding.
import { env } from "cloudflare:test";
import { COMMENT_MESSAGES, type PublicComment } from "@unbiased/worker-shared/contracts/comments";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { approve, historyOf, post, postApproved, reply, storedComments } from "./support/comments.ts";
import { call, type Person, person, scoreOf, statusOf } from "./support/people.ts";

let author: Person;
let reader: Person;
let moderator: Person;
let admin: Person;

beforeAll(async () => {
  author = await person({ name: "Ada Author" });
  reader = await person({ name: "Rui Reader" });
  moderator = await person({ role: "moderator" });
  admin = await person({ role: "admin" });
});

const article = async () => (await insertArticle(env.DB)).id;
const thread = async (articleId: string, who?: Person) =>
  (await call("GET", `/api/comments/article/${articleId}`, who)).data as { comments: PublicComment[]; total: number };

describe("posting: validation of content (spec §5)", () => {
  it("accepts 3 and 8000 characters after trimming, refuses 2 and 8001 and whitespace with the spec's messages", async () => {
    const id = await article();
    const cases: [unknown, number, string?][] = [
      [{ content: "  ab  " }, 400, COMMENT_MESSAGES.commentTooShort],
      [{ content: "   \n\t  " }, 400, COMMENT_MESSAGES.commentTooShort],
      [{ content: `  ${"x".repeat(8001)}  ` }, 400, COMMENT_MESSAGES.commentTooLong],
      [{}, 400, COMMENT_MESSAGES.commentTooShort],
      [{ content: 42 }, 400, COMMENT_MESSAGES.commentTooShort],
      [{ content: "  abc  " }, 201],
      [{ content: ` ${"y".repeat(8000)} ` }, 201],
    ];
    for (const [body, status, error] of cases) {
      const res = await call("POST", `/api/comments/article/${id}`, author, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(status);
      if (error) expect(res).toMatchObject({ success: false, error });
    }
    const stored = await storedComments(id);
    expect(stored.map((r) => r.content?.length).sort((a = 0, b = 0) => a - b)).toEqual([3, 8000]);
  });

  it("counts characters as the database does: emoji are one each, NUL characters are dropped (found by the fuzz test)", async () => {
    const id = await article();
    // Both used to pass the length check and break the table's CHECK, which answered 503.
    expect(await call("POST", `/api/comments/article/${id}`, author, { content: "😀😀" })).toMatchObject({
      status: 400,
      error: COMMENT_MESSAGES.commentTooShort,
    });
    expect(await call("POST", `/api/comments/article/${id}`, author, { content: "\u0000".repeat(40) })).toMatchObject({
      status: 400,
      error: COMMENT_MESSAGES.commentTooShort,
    });
    const kept = await call("POST", `/api/comments/article/${id}`, author, { content: "\u0000Hi 😀\u0000" });
    expect(kept.status).toBe(201);
    expect(kept.data.comment.content).toBe("Hi 😀");
    expect((await call("POST", `/api/comments/article/${id}`, author, { content: "😀".repeat(8001) })).error).toBe(
      COMMENT_MESSAGES.commentTooLong,
    );
  });

  it("answers malformed JSON with a 400 envelope", async () => {
    const res = await call("POST", `/api/comments/article/${await article()}`, author, "{not json");
    expect(res.status).toBe(400);
    expect(res.success).toBe(false);
  });

  it("uses the reply messages for replies", async () => {
    const id = await article();
    const parent = await postApproved(author, id, "A parent comment");
    const short = await call("POST", `/api/comments/${parent}/reply`, reader, { content: " x " });
    expect(short).toMatchObject({ status: 400, error: COMMENT_MESSAGES.replyTooShort });
    const long = await call("POST", `/api/comments/${parent}/reply`, reader, { content: "z".repeat(8001) });
    expect(long).toMatchObject({ status: 400, error: COMMENT_MESSAGES.replyTooLong });
  });

  it("needs sign-in, an existing article, and stores the text as given (plain text, never HTML)", async () => {
    const id = await article();
    expect((await call("POST", `/api/comments/article/${id}`, null, { content: "hello" })).status).toBe(401);
    expect(await call("POST", "/api/comments/article/no-such-article", author, { content: "hello" })).toMatchObject({
      status: 404,
      error: COMMENT_MESSAGES.articleNotFound,
    });
    const payload = `<script>alert(1)</script><img src=x onerror="alert(2)">`;
    const res = await call("POST", `/api/comments/article/${id}`, author, { content: payload });
    expect(res.status).toBe(201);
    expect(res.data.comment).toMatchObject({ content: payload, status: "pending", userName: "Ada Author" });
    expect(res.data.message).toBe(COMMENT_MESSAGES.postedPending);
  });
});

describe("threads: nesting and who sees what (spec §3/§4)", () => {
  it("nests replies to any depth, newest conversation first, replies in order", async () => {
    const id = await article();
    const first = await postApproved(author, id, "First top-level");
    const second = await postApproved(reader, id, "Second top-level");
    let parent = first;
    const chain: string[] = [];
    for (let depth = 1; depth <= 8; depth++) {
      parent = await postApproved(depth % 2 ? reader : author, id, `Reply at depth ${depth}`, parent);
      chain.push(parent);
    }
    const sibling = await postApproved(author, id, "Second reply to first", first);
    const { comments, total } = await thread(id);
    expect(total).toBe(11);
    expect(comments.map((c) => c.id)).toEqual([second, first]);
    const top = comments[1];
    expect(top?.replies.map((r) => r.id)).toEqual([chain[0], sibling]);
    let node = top?.replies[0];
    for (let depth = 1; depth < 8; depth++) node = node?.replies[0];
    expect(node).toMatchObject({ id: chain[7], content: "Reply at depth 8", replies: [] });
    expect(Object.keys(top ?? {}).sort()).toEqual(
      ["id", "userId", "userName", "content", "timestamp", "upvotes", "downvotes", "userReputation", "replies"].sort(),
    );
  });

  it("shows a pending comment to its author only, marked pending; others and moderators see approved ones", async () => {
    const id = await article();
    const approved = await postApproved(reader, id, "Visible to all");
    const pending = await post(author, id, "Waiting for review");
    const anonymous = await thread(id);
    expect(anonymous.comments.map((c) => c.id)).toEqual([approved]);
    const mine = await thread(id, author);
    expect(mine.comments.map((c) => [c.id, c.status])).toEqual([
      [pending, "pending"],
      [approved, undefined],
    ]);
    expect((await thread(id, reader)).comments.map((c) => [c.id, c.status])).toEqual([[approved, "approved"]]);
    // Pending comments are reviewed in ModMe; on the article page a moderator sees the public thread.
    expect((await thread(id, moderator)).comments.map((c) => c.id)).toEqual([approved]);
  });

  it("a deactivated comment disappears for others, stays visible to its author as pending", async () => {
    const id = await article();
    const target = await postApproved(author, id, "To be hidden");
    const res = await call("PUT", `/api/comments/${target}/deactivate`, moderator, {});
    expect(res).toMatchObject({ status: 200, data: { message: COMMENT_MESSAGES.hidden, status: "pending" } });
    expect((await thread(id)).comments).toEqual([]);
    expect((await thread(id, reader)).comments).toEqual([]);
    expect((await thread(id, author)).comments.map((c) => [c.id, c.status])).toEqual([[target, "pending"]]);
  });

  it("keeps replies under a removed comment readable behind a placeholder", async () => {
    const id = await article();
    const parent = await postApproved(author, id, "Parent that will be deleted");
    const child = await postApproved(reader, id, "Reply that stays", parent);
    const lonely = await postApproved(author, id, "Deleted without replies");
    expect((await call("DELETE", `/api/comments/${parent}`, author)).status).toBe(200);
    expect((await call("DELETE", `/api/comments/${lonely}`, author)).status).toBe(200);
    const { comments, total } = await thread(id);
    expect(total).toBe(1);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ id: parent, removed: true, content: "", userName: "", userId: "" });
    expect(comments[0]?.replies.map((r) => [r.id, r.content])).toEqual([[child, "Reply that stays"]]);
  });

  it("refuses a reply to a comment the replier cannot see", async () => {
    const id = await article();
    const pending = await post(author, id, "Not approved yet");
    expect(await call("POST", `/api/comments/${pending}/reply`, reader, { content: "Hello there" })).toMatchObject({
      status: 400,
      error: COMMENT_MESSAGES.cannotReply,
    });
    expect((await call("POST", `/api/comments/${pending}/reply`, author, { content: "Adding to mine" })).status).toBe(
      201,
    );
    expect((await call("POST", "/api/comments/nope/reply", reader, { content: "Hello there" })).status).toBe(404);
  });
});

describe("counts", () => {
  it("counts approved comments on the spec path, the alternate paths and in batches", async () => {
    const a = await article();
    const b = await article();
    await postApproved(author, a, "one");
    await postApproved(author, a, "two");
    await post(author, a, "pending, not counted");
    await postApproved(author, b, "three");
    for (const path of [`/api/comments/article/${a}/count`, `/article/${a}/count`, `/comments/article/${a}/count`]) {
      expect(await call("GET", path)).toMatchObject({ status: 200, data: { articleId: a, commentCount: 2 } });
    }
    const batch = await call("POST", "/api/comments/article/counts/batch", null, { articleIds: [a, b, "none"] });
    // An unknown (or hidden) article has no count to give: it is left out, and the UI shows 0.
    expect(batch.data).toEqual({
      results: [
        { articleId: a, commentCount: 2 },
        { articleId: b, commentCount: 1 },
      ],
      total: 3,
    });
    const tooMany = Array.from({ length: 21 }, (_, i) => `a${i}`);
    expect((await call("POST", "/api/comments/article/counts/batch", null, { articleIds: tooMany })).status).toBe(400);
  });
});

describe("delete", () => {
  it("lets the author delete their own comment; others get 403; signed out gets the spec's message", async () => {
    const id = await article();
    const mine = await postApproved(author, id, "Mine to delete");
    expect(await call("DELETE", `/api/comments/${mine}`, null)).toMatchObject({
      status: 401,
      error: COMMENT_MESSAGES.loginToDelete,
    });
    expect(await call("DELETE", `/api/comments/${mine}`, reader)).toMatchObject({
      status: 403,
      error: COMMENT_MESSAGES.notYourComment,
    });
    expect(await call("DELETE", `/api/comments/${mine}`, author)).toMatchObject({
      status: 200,
      data: { message: COMMENT_MESSAGES.deleted },
    });
    expect(await statusOf(mine)).toMatchObject({ status: "deleted" });
    expect((await call("DELETE", `/api/comments/${mine}`, author)).status).toBe(409);
  });

  it("permanent delete is for admins only and removes the row with its votes and reports; replies move up", async () => {
    const id = await article();
    const target = await postApproved(author, id, "To be removed for good");
    const child = await postApproved(reader, id, "A reply to it", target);
    await call("POST", `/api/comments/${target}/vote`, reader, { voteType: "upvote" });
    await call("POST", `/api/comments/${target}/report`, reader, { reason: "Spam or misleading content" });
    for (const who of [author, moderator]) {
      expect(await call("DELETE", `/api/comments/${target}?permanent=true`, who)).toMatchObject({
        status: 403,
        error: COMMENT_MESSAGES.onlyAdminsPermanentDelete,
      });
    }
    expect(await call("DELETE", `/api/comments/${target}?permanent=true`, admin)).toMatchObject({
      status: 200,
      data: { message: COMMENT_MESSAGES.deletedPermanently },
    });
    const left = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM comments WHERE id = ?1) AS c, (SELECT count(*) FROM comment_votes WHERE comment_id = ?1) AS v,
              (SELECT count(*) FROM comment_reports WHERE comment_id = ?1) AS r,
              (SELECT parent_id FROM comments WHERE id = ?2) AS childParent,
              (SELECT count(*) FROM moderation_log WHERE target_id = ?1 AND action = 'comment.delete_permanent' AND actor_id = ?3) AS logged`,
    )
      .bind(target, child, admin.id)
      .first();
    expect(left).toEqual({ c: 0, v: 0, r: 0, childParent: null, logged: 1 });
    expect((await thread(id)).comments.map((c) => c.id)).toEqual([child]);
  });
});

describe("deactivate on the article page (hide / send to queue)", () => {
  it("is for moderators and admins, with the spec's permission messages", async () => {
    const id = await article();
    const target = await postApproved(author, id, "Someone wants this hidden");
    expect((await call("PUT", `/api/comments/${target}/deactivate`, null, {})).status).toBe(401);
    expect(await call("PUT", `/api/comments/${target}/deactivate`, reader, {})).toMatchObject({
      status: 403,
      error: COMMENT_MESSAGES.noPermissionToHide,
    });
    expect(await call("PUT", `/api/comments/${target}/deactivate`, reader, { action: "queue" })).toMatchObject({
      status: 403,
      error: COMMENT_MESSAGES.noPermissionToQueue,
    });
    expect(await call("PUT", `/api/comments/${target}/deactivate`, admin, { action: "queue" })).toMatchObject({
      status: 200,
      data: { message: COMMENT_MESSAGES.sentToQueue, reason: COMMENT_MESSAGES.sentToQueueByAdmin },
    });
    // Already back in the queue: nothing to deactivate.
    expect((await call("PUT", `/api/comments/${target}/deactivate`, moderator, {})).status).toBe(409);
  });

  it("costs the author 2 points, queues an e-mail to them and writes the moderation log", async () => {
    const id = await article();
    const target = await postApproved(author, id, "Comment the moderator hides");
    const before = await scoreOf(author.id);
    const res = await call("PUT", `/api/comments/${target}/deactivate`, moderator, { reason: "Off topic" });
    expect(res.status).toBe(200);
    expect(await statusOf(target)).toEqual({ status: "pending", reason: "Off topic" });
    expect(await scoreOf(author.id)).toBe(before - 2);
    expect((await historyOf(author.id)).at(-1)).toMatchObject({ delta: -2, reason: "comment deactivated" });
    const mail = await env.DB.prepare(
      "SELECT to_email AS toEmail, template, status, body FROM email_outbox WHERE to_email = ? ORDER BY created_at DESC",
    )
      .bind(author.email)
      .first<{ toEmail: string; template: string; status: string; body: string }>();
    expect(mail).toMatchObject({ toEmail: author.email, template: "comment-deactivated", status: "pending" });
    expect(mail?.body).toContain("Off topic");
    const log = await env.DB.prepare(
      "SELECT action, actor_id AS actorId, reason FROM moderation_log WHERE target_id = ? AND target_type = 'comment'",
    )
      .bind(target)
      .all();
    expect(log.results).toEqual([{ action: "comment.deactivate", actorId: moderator.id, reason: "Off topic" }]);
  });

  it("uses the default reason when none is given", async () => {
    const id = await article();
    const target = await postApproved(author, id, "Hidden without a reason");
    await call("PUT", `/api/comments/${target}/deactivate`, moderator, { reason: "  " });
    expect(await statusOf(target)).toEqual({ status: "pending", reason: COMMENT_MESSAGES.hiddenByModerator });
  });
});

describe("approval", () => {
  it("earns the author a point and counts the approved comment", async () => {
    const id = await article();
    const someone = await person();
    const comment = await post(someone, id, "Worth approving");
    await approve(comment, moderator.id);
    expect(await scoreOf(someone.id)).toBe(1);
    const row = await env.DB.prepare("SELECT approved_comments AS n FROM user_reputation WHERE user_id = ?")
      .bind(someone.id)
      .first();
    expect(row).toEqual({ n: 1 });
  });

  it("is allowed once: a second approval is a conflict and changes nothing", async () => {
    const id = await article();
    const someone = await person();
    const comment = await post(someone, id, "Approved twice?");
    await approve(comment);
    await expect(approve(comment)).rejects.toThrow();
    expect(await scoreOf(someone.id)).toBe(1);
  });
});

describe("reply to deleted", () => {
  it("a new reply is refused under a deleted comment", async () => {
    const id = await article();
    const parent = await postApproved(author, id, "Going away");
    await call("DELETE", `/api/comments/${parent}`, author);
    expect((await reply(reader, parent, "Too late").catch((e: Error) => e.message)).toString()).toContain("400");
  });
});
