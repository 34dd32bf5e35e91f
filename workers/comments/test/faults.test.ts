// D1 failing or timing out under the comments worker's routes: at every point of each request the
// answer is a JSON 503 with Retry-After and the route's spec §8 message, and a write that failed left
// nothing behind (every table but the rate-limit counters is unchanged). The worker's real app runs
// with a DB binding that fails the way D1 fails (shared/testing/faulty-d1.ts).
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { COMMENT_MESSAGES } from "@unbiased/worker-shared/contracts/comments";
import { MODERATION_MESSAGES } from "@unbiased/worker-shared/contracts/moderation";
import { expectUnavailable, snapshotTables, sweepFailurePoints } from "@unbiased/worker-shared/testing/fault-sweep";
import { faultyD1 } from "@unbiased/worker-shared/testing/faulty-d1";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import worker from "../src/index.ts";
import { approve, copiedToD1, post, threadTexts } from "./support/comments.ts";
import { type Caller, insertBan, insertComment, insertReport, signIn } from "./support/modme.ts";
import { BASE, type Person, person } from "./support/people.ts";

let ARTICLE = "";

beforeAll(async () => {
  ARTICLE = (await insertArticle(env.DB)).id;
});

/** Messages a route's request sent to the comment-events queue (kept here: no consumer runs behind the test's back). */
const sentToQueue: unknown[] = [];
const recordingQueue = {
  send: async (body: unknown) => void sentToQueue.push(body),
  sendBatch: async (messages: { body: unknown }[]) => void sentToQueue.push(...messages.map((m) => m.body)),
} as unknown as Queue;

interface Call {
  method: string;
  path: string;
  token?: string;
  body?: unknown;
}

/** The worker's real app, with `db` as its D1 binding. */
async function send(db: D1Database, request: Call): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${BASE}${request.path}`, {
      method: request.method,
      headers: {
        ...(request.token ? { Authorization: `Bearer ${request.token}` } : {}),
        ...(request.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    }),
    { ...env, DB: db, COMMENT_EVENTS: recordingQueue },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

interface WriteCase {
  name: string;
  /** The spec's message; a function when it depends on how far the request got. */
  message: string | ((point: number) => string);
  /** Rows the request needs, then the request (run once per failure point, from the same state). */
  prepare: () => Promise<Call>;
  status: number;
  /**
   * Operations whose failure the route is built to survive: it still answers its success and keeps
   * what it had written (e.g. a new comment stays pending when its moderation job cannot be queued).
   */
  survives?: RegExp;
  /** What the request left to write after its answer (a thread's copy of its votes, ADR 022), done now. */
  settle?: () => Promise<void>;
}

/** The ban notice is sent after the answer; when D1 fails then, the cron sends it from the outbox. */
const OUTBOX_DELIVERY = /"email_outbox"/;
/**
 * Sending the inbox entries (docs/decisions/026-inbox.md) and the reputation history entries (ADR 022
 * step 18) a change wrote happens after the answer: a failure there leaves them for the cron, and the
 * change stands.
 */
const INBOX_DELIVERY = /FROM inbox_outbox|FROM reputation_outbox/;
/**
 * A reputation fall the change made is settled after its batch (ADR 022 step 28): a failure there
 * leaves it for the cron, and the change stands.
 */
const FALL_SETTLING = /FROM reputation_falls|status IN \('approved', 'pending'\) AND created_at <= \?/;
const AFTER_THE_CHANGE = new RegExp(`${INBOX_DELIVERY.source}|${FALL_SETTLING.source}`);

const writeCases: WriteCase[] = [
  {
    name: "POST a comment",
    message: COMMENT_MESSAGES.failedToPost,
    status: 201,
    prepare: async () => ({
      method: "POST",
      path: `/api/comments/article/${ARTICLE}`,
      token: (await person()).token,
      body: { content: "A comment written while D1 is failing" },
    }),
  },
  {
    name: "POST a reply",
    message: COMMENT_MESSAGES.failedToReply,
    status: 201,
    prepare: async () => {
      const parent = await insertComment((await person()).id, ARTICLE, { status: "approved" });
      return {
        method: "POST",
        path: `/api/comments/${parent}/reply`,
        token: (await person()).token,
        body: { content: "A reply written while D1 is failing" },
      };
    },
  },
  {
    // D1's part of a vote is read and the rate limit before the thread's object takes it; the object
    // writes the counts and the author's reputation to D1 after (comment-vote-copies.test.ts).
    name: "change a comment vote (D1's checks come before the thread's object)",
    message: COMMENT_MESSAGES.failedToVote,
    status: 200,
    settle: () => copiedToD1(ARTICLE),
    prepare: async () => {
      const author = await person({ score: 3 });
      const voter = await person();
      const id = await insertComment(author.id, ARTICLE, { status: "approved" });
      // An upvote already counted, so the failing downvote would move the reputation by two.
      const upvote = await send(env.DB, {
        method: "POST",
        path: `/api/comments/${id}/vote`,
        token: voter.token,
        body: { voteType: "upvote" },
      });
      expect(upvote.status).toBe(200);
      await copiedToD1(ARTICLE);
      return { method: "POST", path: `/api/comments/${id}/vote`, token: voter.token, body: { voteType: "downvote" } };
    },
  },
  {
    name: "report a comment",
    message: COMMENT_MESSAGES.failedToReport,
    status: 201,
    prepare: async () => {
      const id = await insertComment((await person()).id, ARTICLE, { status: "approved" });
      return {
        method: "POST",
        path: `/api/comments/${id}/report`,
        token: (await person()).token,
        body: { reason: "Spam or misleading content" },
      };
    },
  },
  {
    name: "delete one's own comment",
    message: COMMENT_MESSAGES.failedToDelete,
    status: 200,
    prepare: async () => {
      const author: Person = await person();
      const id = await insertComment(author.id, ARTICLE, { status: "approved" });
      return { method: "DELETE", path: `/api/comments/${id}`, token: author.token };
    },
  },
  {
    name: "send a comment to the queue from the article page",
    // Until the body is read the route does not know which button called it.
    message: (point) => (point === 1 ? COMMENT_MESSAGES.failedToDeactivate : COMMENT_MESSAGES.failedToQueue),
    status: 200,
    survives: AFTER_THE_CHANGE,
    prepare: async () => {
      const id = await insertComment((await person()).id, ARTICLE, { status: "approved" });
      const mod: Caller = await signIn("moderator");
      return { method: "PUT", path: `/api/comments/${id}/deactivate`, token: mod.access, body: { action: "queue" } };
    },
  },
  {
    name: "approve a pending comment (status, reputation and log in one batch)",
    message: MODERATION_MESSAGES.approveFailed,
    status: 200,
    survives: INBOX_DELIVERY,
    prepare: async () => {
      const id = await insertComment((await person()).id, ARTICLE);
      return { method: "PUT", path: `/api/comments/${id}/approve`, token: (await signIn("moderator")).admin };
    },
  },
  {
    name: "reject with a ban (status, ban, log and ban notice in one batch)",
    message: MODERATION_MESSAGES.rejectFailed,
    status: 200,
    survives: new RegExp(`${OUTBOX_DELIVERY.source}|${INBOX_DELIVERY.source}`),
    prepare: async () => {
      const id = await insertComment((await person()).id, ARTICLE);
      return {
        method: "PUT",
        path: `/api/comments/${id}/reject`,
        token: (await signIn("moderator")).admin,
        body: { banType: "temporary", hours: 24, reason: "Insults" },
      };
    },
  },
  {
    name: "adjust a user's reputation",
    message: MODERATION_MESSAGES.adjustFailed,
    status: 200,
    survives: AFTER_THE_CHANGE,
    prepare: async () => ({
      method: "PUT",
      path: `/api/comments/admin/user/${(await person()).id}/reputation`,
      token: (await signIn("admin")).admin,
      body: { adjustment: -7, reason: "Repeated spam" },
    }),
  },
  {
    name: "unban a user",
    message: MODERATION_MESSAGES.unbanFailed,
    status: 200,
    prepare: async () => {
      const banned = await person();
      await insertBan(banned.id, "permanent");
      return {
        method: "PUT",
        path: `/api/comments/admin/unban/${banned.id}`,
        token: (await signIn("moderator")).admin,
      };
    },
  },
  {
    name: "dismiss a comment report",
    message: MODERATION_MESSAGES.dismissFailed,
    status: 200,
    survives: AFTER_THE_CHANGE,
    prepare: async () => {
      const id = await insertComment((await person()).id, ARTICLE, { status: "approved" });
      const report = await insertReport(id, (await person()).id);
      return {
        method: "PUT",
        path: `/api/comments/admin/reports/${report}/dismiss`,
        token: (await signIn("moderator")).admin,
      };
    },
  },
];

/** Requests that failed and points tried, per route, for the report at the end. */
const tried: string[] = [];
/** Texts the article's thread object keeps for no comment D1 has: what a failed post must not leave. */
async function textsWithoutRows(articleId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT id FROM comments WHERE article_id = ?")
    .bind(articleId)
    .all<{ id: string }>();
  const rows = new Set(results.map((row) => row.id));
  return [...(await threadTexts(articleId)).keys()].filter((id) => !rows.has(id));
}

afterAll(() => console.log(`comments worker, D1 failure points tried per route:\n  ${tried.join("\n  ")}`));

describe("D1 down from any point of a write: 503 with the route's message, nothing half-written", () => {
  it.each(writeCases)("$name", async ({ prepare, message, status, survives, settle }) => {
    let path = "";
    const outcome = await sweepFailurePoints(
      env.DB,
      async (db) => {
        // Fresh rows for every failure point, so each run starts from the state the route expects.
        const request = await prepare();
        path = `${request.method} ${request.path}`;
        const before = await snapshotTables(env.DB);
        const queued = sentToQueue.length;
        return { res: await send(db, request), before, queued };
      },
      async ({ res, before, queued }, { point, operation }) => {
        if (survives?.test(operation)) {
          expect(res.status, `a failure at operation ${point}: ${operation}`).toBe(status);
        } else {
          await expectUnavailable(res, typeof message === "string" ? message : message(point));
          expect(await snapshotTables(env.DB), `after a failure at operation ${point}: ${operation}`).toEqual(before);
          // Nor a text in the thread's object that no comment row names (ADR 022 step 19).
          expect(await textsWithoutRows(ARTICLE), `after a failure at operation ${point}: ${operation}`).toEqual([]);
          expect(sentToQueue.length).toBe(queued);
        }
        // A status change the thread made stands there, and its alarm hands D1 the copy the request
        // could not (ADR 022 step 29): none is left for the next run to send.
        await copiedToD1(ARTICLE);
      },
    );
    // The same request with D1 up does write: the comparison above could have seen it.
    expect(outcome.final.res.status).toBe(status);
    await settle?.();
    expect(await snapshotTables(env.DB)).not.toEqual(outcome.final.before);
    tried.push(`${path.replace(/[\w-]{20,}|comment-\d+-\w+|user-\d+|article-\d+/g, ":id")}: ${outcome.points}`);
  });

  it("answers a D1 timeout the same way, after D1 gives up", async () => {
    const request = await writeCases[0]!.prepare();
    const before = await snapshotTables(env.DB);
    // The comment's insert (the batch that holds it) hangs, then D1 gives up (after 30 s in production;
    // 200 ms here) and is back.
    const d1 = faultyD1(env.DB, {
      failOn: /^insert into "comments"/m,
      failCount: 1,
      kind: "timeout",
      hangMs: 200,
    });
    const started = Date.now();
    const res = await send(d1.db, request);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    await expectUnavailable(res, COMMENT_MESSAGES.failedToPost);
    expect(d1.failures).toBe(1);
    expect(await snapshotTables(env.DB)).toEqual(before);
  });
});

describe("D1 down under a read: 503 with the page's message", () => {
  let commented = "";
  let staff: Caller;
  beforeAll(async () => {
    staff = await signIn("moderator");
    commented = (await insertArticle(env.DB)).id;
    await approve(await post(await person(), commented, "A comment to read"));
  });

  it.each([
    {
      name: "an article's comments",
      path: () => `/api/comments/article/${commented}`,
      message: COMMENT_MESSAGES.failedToLoad,
    },
    {
      name: "the pending queue",
      path: () => "/api/comments/admin/pending",
      message: MODERATION_MESSAGES.fetchPendingFailed,
      staff: true,
    },
    {
      name: "the user list",
      path: () => "/api/comments/admin/users",
      message: MODERATION_MESSAGES.fetchUsersFailed,
      staff: true,
    },
    {
      name: "active bans",
      path: () => "/api/comments/admin/bans",
      message: MODERATION_MESSAGES.loadBansFailed,
      staff: true,
    },
  ])("$name", async ({ path, message, staff: asStaff }) => {
    const request = { method: "GET", path: path(), token: asStaff ? staff.admin : undefined };
    const outcome = await sweepFailurePoints(
      env.DB,
      (db) => send(db, request),
      (res) => expectUnavailable(res, message),
    );
    expect(outcome.final.status).toBe(200);
    tried.push(`GET ${request.path.replace(/[\w-]{20,}|article-\d+/g, ":id")}: ${outcome.points}`);
  });
});
