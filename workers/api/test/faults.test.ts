// D1 failing or timing out under the gateway's own routes (articles, reports, submissions, staff
// tools, sign-in): at every point of each request the answer is a JSON 503 with Retry-After and the
// route's spec §8 message (the default one where the spec has none), and a write that failed left
// nothing behind. The gateway's real worker runs with a DB binding that fails the way D1 fails
// (shared/testing/faulty-d1.ts); the votes and comments workers have their own fault tests.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { ARTICLE_MESSAGES } from "@unbiased/worker-shared/contracts/articles";
import { STAFF_TOOL_MESSAGES, SUBMIT_URL_MESSAGES } from "@unbiased/worker-shared/contracts/ingest";
import { MODERATION_MESSAGES } from "@unbiased/worker-shared/contracts/moderation";
import { DEFAULT_UNAVAILABLE_MESSAGE } from "@unbiased/worker-shared/http/unavailable";
import { expectUnavailable, snapshotTables, sweepFailurePoints } from "@unbiased/worker-shared/testing/fault-sweep";
import { faultyD1 } from "@unbiased/worker-shared/testing/faulty-d1";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import worker from "../src/index.ts";
import { MODME_TEST_PASSWORD } from "./support/oidc-config.ts";
import { BASE, bearer, d1Session, devSignIn } from "./support/session.ts";

/** Jobs a request sent to the ingest queue (kept here, so the ingest worker does not run behind the test). */
const sentToQueue: unknown[] = [];
const recordingQueue = {
  send: async (body: unknown) => void sentToQueue.push(body),
  sendBatch: async (messages: { body: unknown }[]) => void sentToQueue.push(...messages.map((m) => m.body)),
} as unknown as Queue;

interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** The gateway's real worker, with `db` as its D1 binding (and `queue` as its ingest queue). */
async function send(db: D1Database, call: Call, queue: Queue = recordingQueue): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${BASE}${call.path}`, {
      method: call.method,
      headers: { ...(call.body === undefined ? {} : { "content-type": "application/json" }), ...call.headers },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    }),
    { ...env, DB: db, INGEST_QUEUE: queue },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const unique = () => crypto.randomUUID().slice(0, 8);
const reader = async () => (await devSignIn("user", `Reader ${unique()}`)).token;

/** A moderator or admin who passed the ModMe gate: their access and admin tokens. */
async function staff(role: "moderator" | "admin") {
  const { token } = await devSignIn(role, `Staff ${unique()}`);
  const res = await SELF.fetch(`${BASE}/api/auth/modme`, {
    method: "POST",
    body: JSON.stringify({ password: MODME_TEST_PASSWORD }),
    headers: { "content-type": "application/json", ...bearer(token) },
  });
  const { data } = (await res.json()) as { data: { adminToken: string } };
  return { access: token, admin: data.adminToken };
}

interface WriteCase {
  name: string;
  message: string;
  status: number;
  /** Rows the request needs (fresh for every failure point), then the request. */
  prepare: () => Promise<Call>;
  /**
   * Operations whose failure the route survives: sending the inbox entries its batch wrote happens
   * after the answer (docs/decisions/026-inbox.md), and a failure there leaves them for the cron.
   */
  survives?: RegExp;
}

const INBOX_DELIVERY = /FROM inbox_outbox/;

const writeCases: WriteCase[] = [
  {
    name: "report an article",
    message: ARTICLE_MESSAGES.reportFailed,
    status: 201,
    prepare: async () => ({
      method: "POST",
      path: `/api/articles/${(await insertArticle(env.DB)).id}/report`,
      headers: bearer(await reader()),
      body: { reason: "False information" },
    }),
  },
  {
    name: "submit a URL (the submission and its ingest job)",
    message: SUBMIT_URL_MESSAGES.failed,
    status: 202,
    prepare: async () => ({
      method: "POST",
      path: "/api/submissions/url",
      headers: bearer(await reader()),
      body: { url: `https://news.example/world/${unique()}` },
    }),
  },
  {
    name: "hide an article (status, content version and moderation log)",
    message: STAFF_TOOL_MESSAGES.hideFailed,
    status: 200,
    survives: INBOX_DELIVERY,
    prepare: async () => ({
      method: "PUT",
      path: `/api/articles/admin/${(await insertArticle(env.DB)).id}/hide`,
      headers: bearer((await staff("admin")).access),
      body: { reason: "Duplicate of another story" },
    }),
  },
  {
    name: "dismiss an article report",
    message: MODERATION_MESSAGES.dismissFailed,
    status: 200,
    survives: INBOX_DELIVERY,
    prepare: async () => {
      const { id } = await insertArticle(env.DB);
      const reported = await SELF.fetch(`${BASE}/api/articles/${id}/report`, {
        method: "POST",
        body: JSON.stringify({ reason: "Spam or misleading content" }),
        headers: { "content-type": "application/json", ...bearer(await reader()) },
      });
      expect(reported.status).toBe(201);
      const report = await env.DB.prepare("SELECT id FROM article_reports WHERE article_id = ?")
        .bind(id)
        .first<{ id: string }>();
      return {
        method: "PUT",
        path: `/api/articles/admin/reports/${report?.id}/dismiss`,
        headers: bearer((await staff("moderator")).admin),
      };
    },
  },
  {
    // A session in its UserSessions object writes no D1 table when it refreshes; one D1 kept from
    // before the objects rotates in one statement there.
    name: "refresh a session kept in D1 (the token rotates in one statement)",
    message: DEFAULT_UNAVAILABLE_MESSAGE,
    status: 200,
    prepare: async () => {
      const { user } = await devSignIn("user", `Reader ${unique()}`);
      const { refreshCookie } = await d1Session(user.id);
      return { method: "POST", path: "/api/auth/refresh", headers: { Cookie: String(refreshCookie) }, body: {} };
    },
  },
  {
    name: "pass the ModMe gate (its log entry)",
    message: DEFAULT_UNAVAILABLE_MESSAGE,
    status: 200,
    prepare: async () => ({
      method: "POST",
      path: "/api/auth/modme",
      headers: bearer((await devSignIn("moderator", `Staff ${unique()}`)).token),
      body: { password: MODME_TEST_PASSWORD },
    }),
  },
];

const tried: string[] = [];
afterAll(() => console.log(`gateway, D1 failure points tried per route:\n  ${tried.join("\n  ")}`));
const pattern = (call: Call) => `${call.method} ${call.path.replace(/[\w-]{20,}|article-\d+/g, ":id")}`;

describe("D1 down from any point of a write: 503 with the route's message, nothing half-written", () => {
  it.each(writeCases)("$name", async ({ prepare, message, status, survives }) => {
    let path = "";
    const outcome = await sweepFailurePoints(
      env.DB,
      async (db) => {
        const call = await prepare();
        path = pattern(call);
        const before = await snapshotTables(env.DB);
        const queued = sentToQueue.length;
        return { res: await send(db, call), before, queued };
      },
      async ({ res, before, queued }, { point, operation }) => {
        if (survives?.test(operation)) {
          expect(res.status, `a failure at operation ${point}: ${operation}`).toBe(status);
          return;
        }
        await expectUnavailable(res, message);
        expect(await snapshotTables(env.DB), `after a failure at operation ${point}: ${operation}`).toEqual(before);
        expect(sentToQueue.length).toBe(queued);
      },
    );
    expect(outcome.final.res.status).toBe(status);
    expect(await snapshotTables(env.DB)).not.toEqual(outcome.final.before);
    tried.push(`${path}: ${outcome.points}`);
  });

  it("answers a D1 timeout the same way, after D1 gives up", async () => {
    const call = await writeCases[0]!.prepare();
    const before = await snapshotTables(env.DB);
    // The report's insert hangs, then D1 gives up (after 30 s in production; 200 ms here) and is back.
    const d1 = faultyD1(env.DB, {
      failOn: /^insert into "article_reports"/,
      failCount: 1,
      kind: "timeout",
      hangMs: 200,
    });
    const started = Date.now();
    const res = await send(d1.db, call);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    await expectUnavailable(res, ARTICLE_MESSAGES.reportFailed);
    expect(d1.failures).toBe(1);
    expect(await snapshotTables(env.DB)).toEqual(before);
  });
});

describe("D1 down under a read: 503 with the page's message", () => {
  let articleId = "";
  let moderatorAdmin = "";
  beforeAll(async () => {
    articleId = (await insertArticle(env.DB, { title: "Harbour cranes return to the old port" })).id;
    moderatorAdmin = (await staff("moderator")).admin;
  });

  // Each path is asked for once only, so no cached answer stands in for D1.
  it.each([
    { name: "the feed", path: () => "/api/articles?limit=7", message: ARTICLE_MESSAGES.loadFailed },
    { name: "a category", path: () => "/api/articles/category/tech?limit=9", message: ARTICLE_MESSAGES.loadFailed },
    { name: "the events strip", path: () => "/api/articles/events", message: ARTICLE_MESSAGES.loadFailed },
    { name: "an article", path: () => `/api/articles/${articleId}`, message: ARTICLE_MESSAGES.articleLoadFailed },
    { name: "a search", path: () => "/api/articles/search/harbour%20cranes", message: ARTICLE_MESSAGES.searchFailed },
    {
      name: "ModMe's article reports",
      path: () => "/api/articles/admin/reports",
      message: MODERATION_MESSAGES.fetchReportsFailed,
      staff: true,
    },
  ])("$name", async ({ path, message, staff: asStaff }) => {
    const call: Call = { method: "GET", path: path(), headers: asStaff ? bearer(moderatorAdmin) : {} };
    const outcome = await sweepFailurePoints(
      env.DB,
      (db) => send(db, call),
      (res) => expectUnavailable(res, message),
    );
    expect(outcome.final.status).toBe(200);
    expect(outcome.points).toBeGreaterThan(0);
    tried.push(`${pattern(call)}: ${outcome.points}`);
  });
});

describe("the ingest queue refusing a message", () => {
  it("answers a URL submission 503 with 'Failed to submit URL'; the submission and its job say they failed", async () => {
    const refusingQueue = {
      send: async () => {
        throw new Error("Queue send failed: queue is over its backlog limit");
      },
    } as unknown as Queue;
    const url = `https://news.example/world/${unique()}`;
    const res = await send(
      env.DB,
      { method: "POST", path: "/api/submissions/url", headers: bearer(await reader()), body: { url } },
      refusingQueue,
    );
    await expectUnavailable(res, SUBMIT_URL_MESSAGES.failed);
    const submission = await env.DB.prepare("SELECT status, error FROM submissions WHERE url = ?")
      .bind(url)
      .first<{ status: string; error: string }>();
    expect(submission).toMatchObject({ status: "failed", error: expect.stringMatching(/^queue send failed/) });
    const row = await env.DB.prepare(
      "SELECT status AS jobStatus, last_error AS lastError FROM queue_jobs WHERE kind = 'article.ingest' ORDER BY created_at DESC, rowid DESC LIMIT 1",
    ).first<{ jobStatus: string; lastError: string }>();
    expect(row).toMatchObject({ jobStatus: "failed" });
    expect(row!.lastError).toMatch(/^Queue unbiased-ingest refused a message: Queue send failed/);
  });
});
