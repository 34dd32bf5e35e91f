// The public moderation log (ADR 018): GET /api/moderation-log lists what staff hid and removed, newest
// first, paged, with the reason and the actor's role only — never a reporter, a name, an e-mail or an
// id of staff or of the user acted on — and bans only as counts per ended UTC day and kind; the same
// for everyone, cached like the articles API; /moderation is the reader's page of it, rendered on the
// server.
import { env, SELF } from "cloudflare:test";
import {
  PUBLIC_LOG_PAGE_SIZE,
  type PublicLogEntry,
  type PublicLogPage,
} from "@unbiased/worker-shared/contracts/public-log";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { commentsService } from "../src/services.ts";
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
type LogResponse = {
  success: true;
  data: PublicLogEntry[];
  bans: PublicLogPage["bans"];
  pagination: PublicLogPage["pagination"];
};

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
  it("lists hides and removals newest first, with the reason, the actor's role and the article concerned", async () => {
    const { data } = await readLog();
    // The rejection's ban is no entry of its own.
    expect(data.map((entry) => entry.action)).toEqual(["comment.reject", "comment.deactivate", "article.hide"]);
    const [reject, deactivate, hide] = data as [PublicLogEntry, PublicLogEntry, PublicLogEntry];
    expect(reject).toMatchObject({
      actorRole: "moderator",
      reason: "Spam links",
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

  it("gives no rejection away by whether it carried a ban: the same fields, and today's ban is not counted yet", async () => {
    const plain = await commentBy(author.id, "log-thread", "pending");
    await expectJson(send("PUT", `/api/comments/${plain}/reject`, moderator.adminToken, { reason: "Spam links" }));
    const { data, bans } = await readLog("?fresh=plain-reject");
    const [withoutBan, withBan] = data as [PublicLogEntry, PublicLogEntry];
    expect([withoutBan.action, withBan.action]).toEqual(["comment.reject", "comment.reject"]);
    const shape = ({ id: _id, at: _at, ...rest }: PublicLogEntry) => rest;
    expect(shape(withoutBan)).toEqual(shape(withBan));
    expect(bans).toEqual([]);
  });

  it("counts bans and lifted bans per ended UTC day and kind, over the last 30 days", async () => {
    const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const log = (action: string, banType: string | null, at: number) =>
      env.DB.prepare(
        "INSERT INTO moderation_log (actor_id, action, target_type, target_id, reason, details, created_at) VALUES (?, ?, 'user', ?, 'r', ?, ?)",
      ).bind(moderator.id, action, author.id, JSON.stringify(banType ? { banType } : { banIds: ["b"] }), at);
    await env.DB.batch([
      log("user.ban", "temporary", today - 1000),
      log("user.ban", "temporary", today - 3600_000),
      log("user.ban", "permanent", today - 7200_000),
      log("user.unban", null, today - 60_000),
      log("user.ban", "permanent", today - 2 * 86_400_000 + 5),
      // Past the 30 days, and today's (the day has not ended): not counted.
      log("user.ban", "temporary", today - 31 * 86_400_000),
      log("user.ban", "temporary", today + 1000),
    ]);
    const day = (offset: number) => new Date(today - offset * 86_400_000).toISOString().slice(0, 10);
    const { bans, data } = await readLog("?fresh=ban-days");
    expect(bans).toEqual([
      { day: day(1), temporary: 2, permanent: 1, lifted: 1 },
      { day: day(2), temporary: 0, permanent: 1, lifted: 0 },
    ]);
    expect(data.map((entry) => entry.action)).not.toContain("user.ban");
  });

  it("never carries a reporter, a name, an e-mail or an id of staff or of the user acted on", async () => {
    const body = JSON.stringify(await readLog());
    for (const who of [reporter, author, moderator, admin])
      for (const trace of [who.id, who.email, who.name]) expect(body).not.toContain(trace);
    expect(body).not.toContain(removed);
    const fields = new Set((await readLog()).data.flatMap((entry) => Object.keys(entry)));
    expect([...fields].sort()).toEqual(["action", "actorRole", "article", "at", "id", "reason"]);
    // ModMe sign-ins, approvals and dismissals stay in ModMe's own log.
    const logins = await commentsService(env).moderationLog(
      { query: { actions: ["modme.login"] }, offset: 0, limit: 1 },
      { actions: [] },
    );
    expect(logins.entries).toHaveLength(1);
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
    const before = (await readLog("?fresh=before-paging")).data.length;
    const now = Date.now();
    const rows = Array.from({ length: PUBLIC_LOG_PAGE_SIZE + 3 - before }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO moderation_log (actor_id, action, target_type, target_id, reason, details, created_at) VALUES (?, 'comment.delete', 'comment', ?, 'Author asked for removal', ?, ?)",
      ).bind(moderator.id, `c${i}`, JSON.stringify({ articleId: "log-thread" }), now + i),
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
    expect(first.data[0]).toMatchObject({ action: "comment.delete", reason: "Author asked for removal" });

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
    // By now (the tests above) page 1 holds the removals, page 2 the first actions; bans are day counts.
    const response = await SELF.fetch(`${BASE}/moderation`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const first = remotePart(html);
    expect(first).toContain('data-rendered="hydrate"');
    expect(first).toMatch(/<h1[^>]*>Moderation log<\/h1>/);
    expect(first).toContain("Comment removed");
    expect(first).toContain("Author asked for removal");
    expect(first).toMatch(/<h2[^>]*>Bans by day<\/h2>/);
    expect(first).toMatch(/<th scope="row"><time[^>]*>\d{4}-\d\d-\d\d<\/time><\/th><td>2<\/td><td>1<\/td><td>1<\/td>/);
    expect(first).not.toContain("Temporary ban,");
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
