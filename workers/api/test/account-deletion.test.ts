// DELETE /api/auth/me (ADR 017): who may, with what body and how recent a sign-in; and that deleting an
// account that voted and commented on a hot article leaves every count equal to the sum of the votes
// that remain (the articles' objects, the D1 copy, the comments and their authors' reputation), its
// comments removed (a reply chain kept readable) or kept under '[deleted]', nothing of it left, and
// its tokens answering 401.
import { env, SELF } from "cloudflare:test";
import { ACCOUNT_MESSAGES, DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import {
  REPUTATION_APPROVED_COMMENT,
  REPUTATION_DOWNVOTE_RECEIVED,
  REPUTATION_UPVOTE_RECEIVED,
} from "@unbiased/worker-shared/contracts/comments";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import {
  call,
  commentOn,
  copiedCounts,
  deleteAccount,
  objectCounts,
  type Reader,
  voteEventsLanded,
  voteOn,
  voteOnComment,
} from "./support/account.ts";
import { MODME_TEST_PASSWORD } from "./support/oidc-config.ts";
import { BASE, bearer, devSignIn, inUserSessions, postJson } from "./support/session.ts";

const CONFIRMED = { confirm: "DELETE", comments: "delete" };

const count = async (sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? 0;

/** Every row of the user's anywhere (the moderation log aside, which keeps ids). */
async function rowsOf(userId: string) {
  const tables: [string, string][] = [
    ["users", "id"],
    ["sessions", "user_id"],
    ["sign_in_codes", "user_id"],
    ["user_reputation", "user_id"],
    ["reputation_changes", "user_id"],
    ["reputation_outbox", "user_id"],
    ["bans", "user_id"],
    ["user_article_votes", "user_id"],
    ["vote_events", "user_id"],
    ["comments", "user_id"],
    ["comment_votes", "user_id"],
    ["comment_reports", "reporter_id"],
    ["article_reports", "reporter_id"],
    ["submissions", "user_id"],
  ];
  const out: Record<string, number> = {};
  for (const [table, column] of tables)
    out[table] = await count(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`, userId);
  // Rate-limit windows are keyed "<kind>:<userId>" (userLimitKey).
  out.rate_limits = await count("SELECT count(*) AS n FROM rate_limits WHERE key LIKE ?", `%:${userId}`);
  return out;
}

const NOTHING = Object.fromEntries(
  [
    "users",
    "sessions",
    "sign_in_codes",
    "user_reputation",
    "reputation_changes",
    "reputation_outbox",
    "bans",
    "user_article_votes",
    "vote_events",
    "comments",
    "comment_votes",
    "comment_reports",
    "article_reports",
    "submissions",
    "rate_limits",
  ].map((t) => [t, 0]),
);

describe("who may delete an account, and how", () => {
  it("refuses a signed-out caller with 401", async () => {
    const res = await deleteAccount(undefined, CONFIRMED);
    expect(res.status).toBe(401);
  });

  it("needs DELETE typed and a choice for the comments (400), and changes nothing then", async () => {
    const reader = await devSignIn("user", "Hesitant Reader");
    for (const [body, message] of [
      [{ confirm: "delete", comments: "delete" }, ACCOUNT_MESSAGES.confirmRequired],
      [{ comments: "keep" }, ACCOUNT_MESSAGES.confirmRequired],
      [{ confirm: "DELETE" }, ACCOUNT_MESSAGES.commentChoiceRequired],
      [{ confirm: "DELETE", comments: "archive" }, ACCOUNT_MESSAGES.commentChoiceRequired],
    ] as const) {
      const res = await deleteAccount(reader.token, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: message });
    }
    expect((await call("GET", "/api/auth/verify", reader.token)).status).toBe(200);
  });

  it("asks for a new sign-in when the session is older than 10 minutes (403), and changes nothing", async () => {
    const signedIn = await devSignIn("user", "Long Session Reader");
    // Signed in 11 minutes ago: the token a refresh issues now says so.
    await inUserSessions(signedIn.user.id, (sql) =>
      sql.exec("UPDATE sessions SET created_at = ?", Date.now() - 11 * 60_000),
    );
    const refreshed = await postJson("/api/auth/refresh", { Cookie: signedIn.refreshCookie! });
    const reader = { ...signedIn, token: ((await refreshed.json()) as { data: { token: string } }).data.token };
    const res = await deleteAccount(reader.token, CONFIRMED);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: ACCOUNT_MESSAGES.signInAgain });
    expect((await call("GET", "/api/auth/verify", reader.token)).status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", reader.user.id)).toBe(1);

    // Signing in again opens a fresh session, which may.
    const again = await devSignIn("user", "Long Session Reader");
    expect((await deleteAccount(again.token, CONFIRMED)).status).toBe(200);
  });
});

describe("deleting an account that voted and commented on a hot article", () => {
  it("leaves every count equal to the sum of the remaining votes, and nothing of the account", async () => {
    const hot = await insertArticle(env.DB, { id: "hot-article" });
    const other = await insertArticle(env.DB, { id: "other-article" });
    const lagging = await insertArticle(env.DB, { id: "lagging-article" });
    const doomed = (await devSignIn("user", "Doomed Reader")) as Reader & { refreshCookie: string | null };
    const voters: Reader[] = [];
    for (const name of ["Voter One", "Voter Two", "Voter Three", "Voter Four"])
      voters.push(await devSignIn("user", name));
    const [v1, v2, v3, v4] = voters as [Reader, Reader, Reader, Reader];
    const author = await devSignIn("user", "Comment Author");
    const replier = await devSignIn("user", "Replier");

    // The hot article's votes: the doomed reader's among four others'.
    await voteOn(doomed, hot.id, "upvote");
    await voteOn(v1, hot.id, "upvote");
    await voteOn(v2, hot.id, "downvote");
    await voteOn(v3, hot.id, "upvote");
    await voteOn(v4, hot.id, "downvote");
    await voteOn(doomed, other.id, "downvote");
    await voteOn(v1, other.id, "downvote");

    // Comments: the doomed reader's, a reply to it by someone else and their answer to that, one alone;
    // another author's comment the doomed reader upvotes and a voter downvotes.
    const replied = await commentOn(doomed, { articleId: hot.id }, "A comment someone answers");
    const reply = await commentOn(replier, { parentId: replied }, "An answer that must stay readable");
    const ownAnswer = await commentOn(doomed, { parentId: reply }, "The doomed reader answers back");
    const alone = await commentOn(doomed, { articleId: hot.id }, "A comment nobody answers");
    const authored = await commentOn(author, { articleId: hot.id }, "Another reader's comment");
    await voteOnComment(doomed, authored, "upvote");
    await voteOnComment(v1, authored, "downvote");
    await voteOnComment(v2, replied, "upvote");
    await voteOnComment(doomed, reply, "upvote");

    // Reports and a submission by the doomed reader.
    expect(
      (await call("POST", `/api/articles/${hot.id}/report`, doomed.token, { reason: "Misleading title" })).status,
    ).toBe(201);
    expect(
      (await call("POST", `/api/comments/${authored}/report`, doomed.token, { reason: "Off topic here" })).status,
    ).toBe(201);
    expect(
      (await call("POST", "/api/submissions/url", doomed.token, { url: "https://news.example/doomed" })).status,
    ).toBe(202);
    await voteEventsLanded();

    // The copies lag behind the objects: a vote cast just now, whose event has not been sent yet (its
    // object counts it; its history and tracking event land after the deletion, and are refused).
    await voteOn(doomed, lagging.id, "upvote");
    expect(await objectCounts(lagging.id)).toEqual({ upvotes: 1, downvotes: 0 });

    const res = await deleteAccount(doomed.token, CONFIRMED, doomed.refreshCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({
      success: true,
      data: {
        deleted: true,
        comments: "delete",
        articleVotesRemoved: 3,
        commentVotesRemoved: 2,
        commentsRemoved: 2,
        commentsKept: 0,
      },
    });

    // Article counts: the objects and the D1 copy equal the sums of the votes that remain.
    await voteEventsLanded();
    const expected = {
      [hot.id]: { upvotes: 2, downvotes: 2 },
      [other.id]: { upvotes: 0, downvotes: 1 },
      [lagging.id]: { upvotes: 0, downvotes: 0 },
    };
    for (const [articleId, counts] of Object.entries(expected)) {
      expect(await objectCounts(articleId)).toEqual(counts);
      const copy = await copiedCounts(articleId, [...voters, author, replier]);
      expect(copy.stats).toEqual(counts);
      expect(copy.sums).toEqual(counts);
    }

    // Comment counts and the authors' reputation: from the remaining votes only (their thread's object
    // wrote D1's copy before the deletion answered): v1's downvote on the author's comment; nothing
    // left on the reply, whose only vote was the doomed reader's.
    const commentCounts = (id: string) =>
      env.DB.prepare("SELECT upvotes, downvotes FROM comments WHERE id = ?").bind(id).first();
    expect(await commentCounts(authored)).toEqual({ upvotes: 0, downvotes: 1 });
    expect(await commentCounts(reply)).toEqual({ upvotes: 0, downvotes: 0 });
    // Each earned the approval of their one comment too.
    const remaining = new Map([
      [author.user.id, { ups: 0, downs: 1, approved: 1 }],
      [replier.user.id, { ups: 0, downs: 0, approved: 1 }],
    ]);
    for (const [userId, { ups, downs, approved }] of remaining) {
      const reputation = await env.DB.prepare(
        `SELECT score, total_upvotes AS ups, total_downvotes AS downs, approved_comments AS approved
         FROM user_reputation WHERE user_id = ?`,
      )
        .bind(userId)
        .first<{ score: number; ups: number; downs: number; approved: number }>();
      expect(reputation).toEqual({
        ups,
        downs,
        approved,
        score:
          ups * REPUTATION_UPVOTE_RECEIVED +
          downs * REPUTATION_DOWNVOTE_RECEIVED +
          approved * REPUTATION_APPROVED_COMMENT,
      });
    }

    // The reply chain stays readable: the answered comment is an empty placeholder, the answer stays.
    const placeholder = await env.DB.prepare("SELECT user_id, content, status FROM comments WHERE id = ?")
      .bind(replied)
      .first();
    expect(placeholder).toEqual({ user_id: DELETED_USER.id, content: "[deleted]", status: "deleted" });
    expect(await count("SELECT count(*) AS n FROM comments WHERE id IN (?, ?)", ownAnswer, alone)).toBe(0);
    const thread = (await (await call("GET", `/api/comments/article/${hot.id}`)).json()) as {
      data: {
        comments: { id: string; removed?: boolean; content: string; replies: { id: string; content: string }[] }[];
      };
    };
    const shown = thread.data.comments.find((c) => c.id === replied);
    expect(shown).toMatchObject({
      removed: true,
      content: "",
      replies: [{ id: reply, content: "An answer that must stay readable" }],
    });
    expect(JSON.stringify(thread)).not.toContain("Doomed Reader");

    // Nothing of the account is left, and its tokens answer 401 everywhere.
    expect(await rowsOf(doomed.user.id)).toEqual(NOTHING);
    expect((await call("GET", "/api/auth/verify", doomed.token)).status).toBe(401);
    expect(
      (
        await call("POST", "/api/votes/vote", doomed.token, {
          articleId: hot.id,
          userId: doomed.user.id,
          voteType: "upvote",
        })
      ).status,
    ).toBe(401);
    expect((await call("POST", `/api/comments/${authored}/vote`, doomed.token, { voteType: "upvote" })).status).toBe(
      401,
    );
    expect((await postJson("/api/auth/refresh", { Cookie: doomed.refreshCookie ?? "" })).status).toBe(401);
    // The answer also cleared the refresh cookie in the browser.
    expect(res.headers.getSetCookie().some((c) => c.startsWith("unbiased_refresh=;"))).toBe(true);
  });

  it("keeps the comments under '[deleted]' with no name when the reader chooses keep", async () => {
    const article = await insertArticle(env.DB, { id: "kept-comments-article" });
    const keeper = await devSignIn("user", "Keeper Of Words");
    const reader = await devSignIn("user", "Another Reader");
    const first = await commentOn(keeper, { articleId: article.id }, "Words worth keeping");
    await voteOnComment(reader, first, "upvote");

    const res = await deleteAccount(keeper.token, { confirm: "DELETE", comments: "keep" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { commentsKept: number } }).data.commentsKept).toBe(1);

    const thread = (await (await call("GET", `/api/comments/article/${article.id}`)).json()) as {
      data: {
        comments: {
          id: string;
          userId: string;
          userName: string;
          content: string;
          upvotes: number;
          userReputation: number;
        }[];
      };
    };
    expect(thread.data.comments).toEqual([
      expect.objectContaining({
        id: first,
        userId: DELETED_USER.id,
        userName: "[deleted]",
        content: "Words worth keeping",
        upvotes: 1,
        userReputation: 0,
      }),
    ]);
    expect(JSON.stringify(thread)).not.toContain("Keeper Of Words");
    expect(await rowsOf(keeper.user.id)).toEqual(NOTHING);
    // The '[deleted]' row has no picture, no e-mail anyone receives, no session and no reputation.
    expect(
      await env.DB.prepare("SELECT name, email, picture, google_sub FROM users WHERE id = ?")
        .bind(DELETED_USER.id)
        .first(),
    ).toEqual({ name: "[deleted]", email: DELETED_USER.email, picture: null, google_sub: null });
    // A vote on a kept comment earns the '[deleted]' row nothing.
    await voteOnComment(await devSignIn("user", "Late Voter"), first, "upvote");
    expect(await count("SELECT count(*) AS n FROM user_reputation WHERE user_id = ?", DELETED_USER.id)).toBe(0);
  });

  it("keeps the append-only moderation log, where the deleted staff member reads '[deleted]'", async () => {
    const moderator = await devSignIn("moderator", "Departing Moderator");
    const gate = async (token: string) => {
      const res = await SELF.fetch(`${BASE}/api/auth/modme`, {
        method: "POST",
        headers: { "content-type": "application/json", ...bearer(token) },
        body: JSON.stringify({ password: MODME_TEST_PASSWORD }),
      });
      return ((await res.json()) as { data: { adminToken: string } }).data.adminToken;
    };
    await gate(moderator.token); // logs modme.login with the moderator as actor and target
    const logged = await count("SELECT count(*) AS n FROM moderation_log WHERE actor_id = ?", moderator.user.id);
    expect(logged).toBe(1);

    expect((await deleteAccount(moderator.token, CONFIRMED)).status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM moderation_log WHERE actor_id = ?", moderator.user.id)).toBe(1);

    const admin = await gate((await devSignIn("admin", "Staying Admin")).token);
    const res = await call("GET", `/api/comments/admin/log?target=${moderator.user.id}`, admin);
    const { data } = (await res.json()) as {
      data: { entries: { actorId: string; actorName: string; targetId: string; targetDeleted: boolean }[] };
    };
    expect(data.entries).toEqual([
      expect.objectContaining({ actorId: moderator.user.id, actorName: "[deleted]", targetDeleted: true }),
    ]);
  });
});
