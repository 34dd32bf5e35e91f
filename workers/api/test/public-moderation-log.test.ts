// The public moderation log (issue 25 part 3): GET /api/moderation-log lists what staff hid, removed
// and banned, newest first, paged, with the reason and the actor's role only — never a reporter, a
// name, an e-mail or an id of staff or of the user acted on — the same for everyone, cached like the
// articles API; /moderation is the reader's page of it, rendered on the server.
import { env, SELF } from "cloudflare:test";
import {
  PUBLIC_LOG_PAGE_SIZE,
  type PublicLogEntry,
  type PublicLogPage,
} from "@unbiased/worker-shared/contracts/public-log";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import {
  commentBy,
  expectJson,
  hideArticle,
  type Person,
  person,
  reportComment,
  send,
} from "./support/staff-actions.ts";

const BASE = "http://127.0.0.1";
type LogResponse = { success: true; data: PublicLogEntry[]; pagination: PublicLogPage["pagination"] };

let reader: Person;
let reporter: Person;
let author: Person;
let moderator: Person;
let admin: Person;
let removed: string;

const readLog = (query = "", token: string | null = null) =>
  expectJson<LogResponse>(send("GET", `/api/moderation-log${query}`, token));

beforeAll(async () => {
  [reader, reporter, author, moderator, admin] = await Promise.all([
    person("user", "Rita Reader"),
    person("user", "Reggie Reporter"),
    person("user", "Arthur Author"),
    person("moderator", "Morgan Moderator"),
    person("admin", "Adele Admin"),
  ]);
  await insertArticle(env.DB, { id: "log-hidden", title: "A copied story", domain: "copycat.example" });
  await insertArticle(env.DB, { id: "log-thread", title: "Harbour ferries return" });
  const hidden = await commentBy(author.id, "log-thread");
  removed = await commentBy(author.id, "log-thread", "pending");
  await reportComment(reporter, hidden, "Harassment or hate speech");

  // In this order: a hide, a comment hidden, a rejection with a temporary ban, an approval (not public).
  await hideArticle(admin, "log-hidden", "Copyright claim by the publisher");
  await expectJson(
    send("PUT", `/api/comments/${hidden}/deactivate`, moderator.token, { action: "hide", reason: "Personal attack" }),
  );
  await expectJson(
    send("PUT", `/api/comments/${removed}/reject`, moderator.adminToken, {
      banType: "temporary",
      hours: 48,
      reason: "Spam links",
    }),
  );
});

describe("GET /api/moderation-log", () => {
  it("lists hides, removals and bans newest first, with the reason, the actor's role and the article concerned", async () => {
    const { data } = await readLog();
    expect(data.map((entry) => entry.action)).toEqual([
      "user.ban",
      "comment.reject",
      "comment.deactivate",
      "article.hide",
    ]);
    const [ban, reject, deactivate, hide] = data as [PublicLogEntry, PublicLogEntry, PublicLogEntry, PublicLogEntry];
    expect(ban).toMatchObject({ actorRole: "moderator", reason: "Spam links", ban: { type: "temporary", hours: 48 } });
    expect(reject).toMatchObject({
      actorRole: "moderator",
      reason: "Spam links",
      ban: null,
      article: {
        title: "Harbour ferries return",
        domain: "news.example",
        path: "/article/harbour-ferries-return/log-thread",
      },
    });
    expect(deactivate).toMatchObject({ actorRole: "moderator", reason: "Personal attack" });
    // The hidden article is named, but its page is gone: no link.
    expect(hide).toMatchObject({
      actorRole: "admin",
      reason: "Copyright claim by the publisher",
      article: { title: "A copied story", domain: "copycat.example", path: null },
    });
    expect(data.map((entry) => entry.id)).toEqual(data.map((entry) => entry.id).sort((a, b) => b - a));
    for (const entry of data) expect(new Date(entry.at).toISOString()).toBe(entry.at);
  });

  it("never carries a reporter, a name, an e-mail or an id of staff or of the user acted on", async () => {
    const body = JSON.stringify(await readLog());
    for (const who of [reporter, author, moderator, admin])
      for (const trace of [who.id, who.email, who.name]) expect(body).not.toContain(trace);
    expect(body).not.toContain(removed);
    const fields = new Set((await readLog()).data.flatMap((entry) => Object.keys(entry)));
    expect([...fields].sort()).toEqual(["action", "actorRole", "article", "at", "ban", "id", "reason"]);
    // ModMe sign-ins, approvals and dismissals stay in ModMe's own log.
    const actions = await env.DB.prepare("SELECT DISTINCT action FROM moderation_log").all<{ action: string }>();
    expect(actions.results.map((r) => r.action)).toContain("modme.login");
    expect((await readLog()).data.map((entry) => entry.action)).not.toContain("modme.login");
  });

  it("is the same for a signed-out reader and a signed-in one, cached and validated like the articles API", async () => {
    const anonymous = await send("GET", "/api/moderation-log", null);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    const etag = anonymous.headers.get("ETag")!;
    expect(etag).toMatch(/^W\//);
    const revalidated = await SELF.fetch(`${BASE}/api/moderation-log`, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    const signedIn = await send("GET", "/api/moderation-log", reader.token);
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await signedIn.json()) as LogResponse).toEqual((await anonymous.json()) as LogResponse);
  });

  it("pages by PUBLIC_LOG_PAGE_SIZE, saying whether an older page exists, and refuses a bad page", async () => {
    const before = (await readLog()).data.length;
    const now = Date.now();
    const rows = Array.from({ length: PUBLIC_LOG_PAGE_SIZE + 3 - before }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO moderation_log (actor_id, action, target_type, target_id, reason, details, created_at) VALUES (?, 'user.unban', 'user', ?, 'Appeal accepted', ?, ?)",
      ).bind(moderator.id, author.id, JSON.stringify({ banIds: [`b${i}`] }), now + i),
    );
    await env.DB.batch(rows);
    // A later time bucket or content version is not needed: the query string is a key of its own.
    const first = await readLog("?page=1&fresh=1");
    expect(first.data).toHaveLength(PUBLIC_LOG_PAGE_SIZE);
    expect(first.pagination).toEqual({ page: 1, limit: PUBLIC_LOG_PAGE_SIZE, hasNext: true });
    const second = await readLog("?page=2&fresh=1");
    expect(second.data).toHaveLength(3);
    expect(second.pagination.hasNext).toBe(false);
    expect(second.data.at(-1)!.action).toBe("article.hide");
    expect(first.data[0]).toMatchObject({ action: "user.unban", reason: "Appeal accepted", ban: null });

    for (const page of ["0", "-1", "abc", "1.5", "501"]) {
      const res = await send("GET", `/api/moderation-log?page=${page}`, null);
      expect(res.status).toBe(400);
    }
  });
});

describe("/moderation", () => {
  const remotePart = (html: string) =>
    html.slice(html.indexOf('<div id="remote-root"'), html.indexOf('<div id="shell-bottom"'));

  it("is the reader's page of the log, rendered on the server with its pager, linked from the footer", async () => {
    // By now (the paging test above) page 1 holds the lifted bans and the ban, page 2 the first actions.
    const response = await SELF.fetch(`${BASE}/moderation`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const first = remotePart(html);
    expect(first).toContain('data-rendered="hydrate"');
    expect(first).toMatch(/<h1[^>]*>Moderation log<\/h1>/);
    expect(first).toContain("Ban lifted");
    expect(first).toContain("Appeal accepted");
    expect(first).toContain("Temporary ban, 2 days");
    expect(first).toMatch(/<a [^>]*href="\/moderation\?page=2"[^>]*>Older<\/a>/);
    expect(html).toMatch(/<footer class="site-footer".*<a [^>]*href="\/moderation"[^>]*>Moderation log<\/a>/s);

    const second = remotePart(await (await SELF.fetch(`${BASE}/moderation?page=2`)).text());
    expect(second).toContain("Copyright claim by the publisher");
    expect(second).toContain("by an admin");
    expect(second).toContain("Comment rejected");
    expect(second).toMatch(/<a [^>]*href="\/moderation"[^>]*>Newer<\/a>/);
    for (const who of [reporter, author, moderator, admin]) {
      expect(second).not.toContain(who.name);
      expect(second).not.toContain(who.email);
    }
  });
});
