// The inbox (docs/decisions/026-inbox.md) through the real path: a moderator acts in the comments
// worker, whose batch writes the entry to the inbox outbox; the entry travels the inbox queue to the
// gateway's consumer and into the reader's Inbox object, which /api/auth/me/inbox reads.
import { env, runInDurableObject } from "cloudflare:test";
import { type AccountExport, DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import {
  INBOX_MAX_ENTRIES,
  type InboxEntry,
  type InboxEntryInput,
  type InboxPageResponse,
  type InboxUnreadResponse,
} from "@unbiased/worker-shared/contracts/inbox";
import { createDb } from "@unbiased/worker-shared/db/client";
import { deliverInboxOutbox } from "@unbiased/worker-shared/inbox/outbox";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Inbox } from "../src/durable/inbox.ts";
import { consumeInboxEntries } from "../src/inbox/consume.ts";
import { deleteAccount } from "./support/account.ts";
import {
  commentBy,
  expectJson,
  hideArticle,
  type Person,
  person,
  reportArticle,
  reportComment,
  send,
} from "./support/staff-actions.ts";

let ada: Person;
let ben: Person;
let mod: Person;

const inbox = async (who: Person, query = "") =>
  expectJson<InboxPageResponse>(send("GET", `/api/auth/me/inbox${query}`, who.token));
const unread = async (who: Person) =>
  (await expectJson<InboxUnreadResponse>(send("GET", "/api/auth/me/inbox/unread", who.token))).data.unread;
const markRead = (who: Person, body: unknown) => send("POST", "/api/auth/me/inbox/read", who.token, body);

/** The reader's entries once the queue has delivered `count` of them (delivery is asynchronous). */
async function entriesOnceDelivered(who: Person, count: number): Promise<InboxEntry[]> {
  return vi.waitFor(
    async () => {
      const { data } = await inbox(who);
      if (data.entries.length < count) throw new Error(`${data.entries.length} of ${count} entries so far`);
      return data.entries;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** A pending reply by `author` under `parentId`, written as the comments worker stores it. */
async function pendingReply(authorId: string, parentId: string, content: string): Promise<string> {
  const id = `reply-${crypto.randomUUID()}`;
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO comments (id, article_id, user_id, parent_id, content, status, created_at, updated_at) VALUES (?, 'inbox-article', ?, ?, ?, 'pending', ?, ?)",
  )
    .bind(id, authorId, parentId, content, now, now)
    .run();
  return id;
}

const approve = (commentId: string) => expectJson(send("PUT", `/api/comments/${commentId}/approve`, mod.adminToken));

beforeAll(async () => {
  [ada, ben, mod] = await Promise.all([
    person("user", "Ada Inbox"),
    person("user", "Ben Inbox"),
    person("moderator", "Mo Derator"),
  ]);
  await insertArticle(env.DB, { id: "inbox-article", title: "Tidal power plant opens" });
});

describe("a reply", () => {
  it("reaches the parent's author once a moderator approves it, and its author learns of the approval", async () => {
    const parent = await commentBy(ada.id, "inbox-article");
    const reply = await pendingReply(ben.id, parent, "I disagree with the figures quoted here.");
    expect(await unread(ada)).toBe(0);
    await approve(reply);

    const [entry] = await entriesOnceDelivered(ada, 1);
    expect(entry).toEqual({
      id: `reply:${reply}`,
      type: "reply",
      at: expect.any(Number),
      link: `/article/tidal-power-plant-opens/inbox-article#comment-${reply}`,
      subject: "Tidal power plant opens",
      reason: null,
      actorName: "Ben Inbox",
      excerpt: "I disagree with the figures quoted here.",
      read: false,
    });
    expect(await unread(ada)).toBe(1);
    // The replier is told that a moderator approved it, and never which one.
    const [approval] = await entriesOnceDelivered(ben, 1);
    expect(approval).toMatchObject({ type: "comment-approved", link: entry!.link, reason: null, actorName: null });
    expect(JSON.stringify(approval)).not.toContain("Mo Derator");
  });

  it("to one's own comment tells nobody of a reply", async () => {
    const own = await commentBy(ben.id, "inbox-article");
    const before = (await inbox(ben)).data.entries.length;
    const reply = await pendingReply(ben.id, own, "Adding a source to my own comment.");
    await approve(reply);
    // The approval's entry arrives; a reply entry for oneself never does.
    const entries = await entriesOnceDelivered(ben, before + 1);
    expect(entries.map((e) => e.type).filter((t) => t === "reply")).toEqual([]);
  });

  it("that staff removed later keeps its entry, without its author or words", async () => {
    const carl = await person("user", "Carl Inbox");
    const parent = await commentBy(carl.id, "inbox-article");
    const reply = await pendingReply(ben.id, parent, "Words a moderator later hid.");
    await approve(reply);
    await entriesOnceDelivered(carl, 1);
    await expectJson(send("PUT", `/api/comments/${reply}/deactivate`, mod.adminToken, { reason: "Off topic" }));
    const [entry] = (await inbox(carl)).data.entries;
    expect(entry).toMatchObject({ id: `reply:${reply}`, actorName: null, excerpt: null });
  });

  it("by an account deleted since shows the name the thread shows", async () => {
    const ivy = await person("user", "Ivy Inbox");
    const leaving = await person("user", "Leaving Replier");
    const parent = await commentBy(ivy.id, "inbox-article");
    await approve(await pendingReply(leaving.id, parent, "Words that stay after I go."));
    expect((await entriesOnceDelivered(ivy, 1))[0]!.actorName).toBe("Leaving Replier");
    const gone = await send("DELETE", "/api/auth/me", leaving.token, { confirm: "DELETE", comments: "keep" });
    expect(gone.status).toBe(200);
    const [entry] = (await inbox(ivy)).data.entries;
    expect(entry).toMatchObject({ actorName: DELETED_USER.name, excerpt: "Words that stay after I go." });
  });
});

describe("a rejection", () => {
  it("tells the author with the moderator's reason", async () => {
    const dora = await person("user", "Dora Inbox");
    const comment = await commentBy(dora.id, "inbox-article", "pending");
    await expectJson(
      send("PUT", `/api/comments/${comment}/reject`, mod.adminToken, { banType: "none", reason: "Personal attack" }),
    );
    const [entry] = await entriesOnceDelivered(dora, 1);
    expect(entry).toMatchObject({
      type: "comment-rejected",
      reason: "Personal attack",
      subject: "Tidal power plant opens",
      excerpt: `Words of ${comment}`,
      actorName: null,
    });
  });
});

describe("a report's outcome", () => {
  it("tells the reporter when staff dismiss it, and when staff act on what it reported", async () => {
    const gil = await person("user", "Gil Reporter");
    const author = await person("user", "Reported Author");
    const kept = await commentBy(author.id, "inbox-article");
    await reportComment(gil, kept, "Spam or misleading content");
    const report = await env.DB.prepare("SELECT id FROM comment_reports WHERE comment_id = ? AND reporter_id = ?")
      .bind(kept, gil.id)
      .first<{ id: string }>();
    await expectJson(send("PUT", `/api/comments/admin/reports/${report!.id}/dismiss`, mod.adminToken));
    const [dismissed] = await entriesOnceDelivered(gil, 1);
    expect(dismissed).toMatchObject({
      id: `report:${report!.id}:dismissed`,
      type: "report-dismissed",
      link: `/article/inbox-article#comment-${kept}`,
      subject: "Tidal power plant opens",
      reason: "Spam or misleading content",
      actorName: null,
    });

    await insertArticle(env.DB, { id: "inbox-reported", title: "A story readers reported" });
    await reportArticle(gil, "inbox-reported", "False information");
    const admin = await person("admin", "Ad Hider");
    await hideArticle(admin, "inbox-reported", "Fabricated quotes");
    const [actioned] = await entriesOnceDelivered(gil, 2);
    expect(actioned).toMatchObject({
      type: "report-actioned",
      link: "/article/inbox-reported",
      subject: "A story readers reported",
      reason: "False information",
    });
    expect(JSON.stringify([dismissed, actioned])).not.toMatch(/Mo Derator|Ad Hider/);
  });
});

describe("a reputation change", () => {
  it("tells the reader how much and why, never who", async () => {
    const hal = await person("user", "Hal Inbox");
    await expectJson(
      send("PUT", `/api/comments/admin/user/${hal.id}/reputation`, mod.adminToken, {
        adjustment: -3,
        reason: "Repeated off-topic posts",
      }),
    );
    const [entry] = await entriesOnceDelivered(hal, 1);
    expect(entry).toMatchObject({
      type: "reputation",
      subject: "-3",
      reason: "Repeated off-topic posts",
      link: "/profile",
      actorName: null,
    });
  });
});

describe("marking entries read", () => {
  it("by id and all at once, and the count follows", async () => {
    const eve = await person("user", "Eve Inbox");
    const parent = await commentBy(eve.id, "inbox-article");
    for (const n of [1, 2, 3]) await approve(await pendingReply(ben.id, parent, `Reply number ${n}`));
    const entries = await entriesOnceDelivered(eve, 3);
    expect(entries.map((e) => e.excerpt)).toEqual(["Reply number 3", "Reply number 2", "Reply number 1"]);
    expect(await unread(eve)).toBe(3);

    const marked = await expectJson<InboxUnreadResponse>(markRead(eve, { ids: [entries[0]!.id, "reply:no-such"] }));
    expect(marked.data.unread).toBe(2);
    expect((await inbox(eve)).data.entries.map((e) => e.read)).toEqual([true, false, false]);
    expect((await expectJson<InboxUnreadResponse>(markRead(eve, { all: true }))).data.unread).toBe(0);
    expect(await unread(eve)).toBe(0);
    // Another reader's marks never touch these.
    expect((await expectJson<InboxUnreadResponse>(markRead(ben, { all: true }))).data.unread).toBe(0);

    const page = await inbox(eve, "?limit=2");
    expect(page.data.entries).toHaveLength(2);
    expect(page.pagination.hasNext).toBe(true);
    const rest = await inbox(eve, `?limit=2&before=${encodeURIComponent(page.pagination.next!)}`);
    expect(rest.data.entries.map((e) => e.excerpt)).toEqual(["Reply number 1"]);
    expect(rest.pagination).toEqual({ limit: 2, hasNext: false, next: null });
  });

  it("refuses a body that names neither ids nor all, and a signed-out caller", async () => {
    const res = await markRead(ada, { ids: [] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
    expect((await markRead(ada, { all: false })).status).toBe(400);
    expect((await send("GET", "/api/auth/me/inbox/unread", null)).status).toBe(401);
  });
});

const oneEntry = {
  id: "one",
  type: "reputation" as const,
  at: 1,
  link: "/profile",
  subject: "+1",
  reason: null,
  actorName: null,
  excerpt: null,
};

/** Entries waiting in the inbox outbox for `who`, as a change's batch writes them. */
async function waitInOutbox(who: Person, entries: readonly InboxEntryInput[]): Promise<void> {
  await env.DB.batch(
    entries.map((entry) =>
      env.DB.prepare("INSERT INTO inbox_outbox (entry_id, user_id, entry, created_at) VALUES (?, ?, ?, ?)").bind(
        entry.id,
        who.id,
        JSON.stringify(entry),
        Date.now(),
      ),
    ),
  );
}

describe("the inbox queue's consumer", () => {
  it("stores an entry about the longest address a reader may submit, and drops what is no entry", async () => {
    const address = `https://news.example/${"a".repeat(2_048 - 21)}`;
    const acked: string[] = [];
    const message = (id: string, body: unknown) =>
      ({ id, body, attempts: 1, ack: () => acked.push(id), retry: () => {} }) as unknown as Message<unknown>;
    const batch = {
      queue: "unbiased-inbox",
      messages: [
        message("long", {
          userId: "long-address-reader",
          entry: {
            id: "submission:long",
            type: "submission-failed",
            at: 1,
            link: "/",
            subject: address,
            reason: "Not an HTML page",
            actorName: null,
            excerpt: null,
          },
        }),
        message("junk", { userId: "long-address-reader", entry: { id: "x" } }),
      ],
    } as unknown as MessageBatch<unknown>;
    await consumeInboxEntries(batch, env);
    expect(acked.sort()).toEqual(["junk", "long"]);
    const [stored] = await env.INBOX.get(env.INBOX.idFromName("long-address-reader")).newest(null, 5);
    expect(stored).toMatchObject({ id: "submission:long", subject: address });
  });

  it("gets every waiting entry from one delivery, past one queue batch (a change that told many readers)", async () => {
    const gil = await person("user", "Gil Many");
    const waiting = Array.from({ length: 250 }, (_, n) => ({ ...oneEntry, id: `many:${n}`, at: n + 1 }));
    await waitInOutbox(gil, waiting);
    expect(await deliverInboxOutbox(createDb(env.DB), env.INBOX_QUEUE)).toBe(250);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM inbox_outbox WHERE user_id = ?")
      .bind(gil.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    await vi.waitFor(async () => expect(await unread(gil)).toBe(250), { timeout: 10_000, interval: 50 });
  });

  it("sends a hundred entries about the longest addresses in sends the queue takes (at most 256 KB each)", async () => {
    const hal = await person("user", "Hal Long");
    const address = `https://news.example/${"b".repeat(2_048 - 21)}`;
    const waiting = Array.from({ length: 100 }, (_, n) => ({
      ...oneEntry,
      id: `long:${n}`,
      type: "submission-failed" as const,
      at: n + 1,
      subject: address,
      reason: "r".repeat(500),
      link: `/?submitted=${encodeURIComponent(address)}`,
    }));
    await waitInOutbox(hal, waiting);
    expect(await deliverInboxOutbox(createDb(env.DB), env.INBOX_QUEUE)).toBe(100);
    await vi.waitFor(async () => expect(await unread(hal)).toBe(100), { timeout: 10_000, interval: 50 });
  });
});

describe("the inbox object", () => {
  it("keeps at most INBOX_MAX_ENTRIES, letting the oldest read entries go first", async () => {
    const stub = env.INBOX.get(env.INBOX.idFromName("full-reader"));
    const entry = (n: number) => ({
      id: `e${n}`,
      type: "reputation" as const,
      at: n,
      link: "/profile",
      subject: "+1",
      reason: null,
      actorName: null,
      excerpt: null,
    });
    await stub.add(Array.from({ length: INBOX_MAX_ENTRIES }, (_, n) => entry(n)));
    await stub.markRead({ ids: ["e5", "e6"] });
    expect(await stub.unread()).toBe(INBOX_MAX_ENTRIES - 2);
    // Three more: the two read entries go, then the oldest unread one.
    await stub.add([entry(1000), entry(1001), entry(1002)]);
    const all = await stub.all();
    expect(all).toHaveLength(INBOX_MAX_ENTRIES);
    expect(all.map((e) => e.id)).not.toContain("e5");
    expect(all.map((e) => e.id)).not.toContain("e6");
    expect(all[0]!.id).toBe("e1");
    expect(await stub.unread()).toBe(INBOX_MAX_ENTRIES);
  });

  it("keeps an entry delivered twice once", async () => {
    const stub = env.INBOX.get(env.INBOX.idFromName("twice-reader"));
    const entry = {
      id: "submission:s1",
      type: "submission-added" as const,
      at: 1,
      link: "/article/a/s1",
      subject: "A",
      reason: null,
      actorName: null,
      excerpt: null,
    };
    expect(await stub.add([entry])).toBe(1);
    expect(await stub.add([entry, entry])).toBe(0);
    expect(await stub.unread()).toBe(1);
    expect(await stub.newest(null, 10)).toHaveLength(1);
  });
  it("gives an object made before entries recorded their arrival the column, reading old entries by their time", async () => {
    const stub = env.INBOX.get(env.INBOX.idFromName("older-reader"));
    await runInDurableObject(stub, (object: Inbox, state) => {
      const sql = state.storage.sql;
      // The entries table as the first version of the object made it, with one entry in it.
      sql.exec("DROP TABLE entries");
      sql.exec(
        `CREATE TABLE entries (id TEXT PRIMARY KEY, type TEXT NOT NULL, at INTEGER NOT NULL, link TEXT NOT NULL,
           subject TEXT NOT NULL, reason TEXT, actor_name TEXT, excerpt TEXT, read INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID`,
      );
      sql.exec(
        "INSERT INTO entries (id, type, at, link, subject) VALUES ('old', 'reputation', 5000, '/profile', '+1')",
      );
      // What a new instance does first, on the stored table.
      (object as unknown as { createTables(): void }).createTables();
    });
    await stub.add([{ ...oneEntry, id: "new", at: 7000 }], 9000);
    expect((await stub.unreadArrived(0, 6000, 10)).entries.map((e) => e.id)).toEqual(["old"]);
    expect((await stub.unreadArrived(6000, 9000, 10)).entries.map((e) => e.id)).toEqual(["new"]);
  });
});

describe("the account", () => {
  it("exports the entries, and deleting it empties the inbox and refuses late entries", async () => {
    const fay = await person("user", "Fay Inbox");
    const parent = await commentBy(fay.id, "inbox-article");
    await approve(await pendingReply(ben.id, parent, "A reply before the export."));
    await entriesOnceDelivered(fay, 1);
    const exported = await expectJson<AccountExport>(send("GET", "/api/auth/me/export", fay.token));
    expect(exported.version).toBe(3);
    expect(exported.inbox).toEqual([
      expect.objectContaining({ type: "reply", excerpt: "A reply before the export.", read: false }),
    ]);
    expect(exported.inbox[0]!.happenedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect((await deleteAccount(fay.token, { confirm: "DELETE", comments: "delete" })).status).toBe(200);
    const stub = env.INBOX.get(env.INBOX.idFromName(fay.id));
    expect(await stub.newest(null, 10)).toEqual([]);
    const late = {
      id: "late",
      type: "reply" as const,
      at: 2,
      link: "/",
      subject: "x",
      reason: null,
      actorName: null,
      excerpt: null,
    };
    expect(await stub.add([late])).toBe(0);
  });
});
