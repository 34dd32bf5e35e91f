// The daily digest (docs/decisions/026-inbox.md): a reader opts in on their profile; the daily run
// puts one e-mail in the outbox listing their unread inbox entries since the last digest, never two in
// a day and none when nothing is new; every digest carries RFC 8058's one-click unsubscribe, whose
// POST unsubscribes without signing in, whose GET only asks, and which serves no one else.
import { env, SELF } from "cloudflare:test";
import type { AccountExport } from "@unbiased/worker-shared/contracts/account";
import type { InboxEntryInput } from "@unbiased/worker-shared/contracts/inbox";
import { insertUser } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DIGESTS_PER_MESSAGE, dueDigestMessages, queueDueDigests, sendDigests } from "../src/digest/send-digests.ts";
import { BASE } from "./support/session.ts";
import { expectJson, type Person, person, send } from "./support/staff-actions.ts";

const DAY = 24 * 3600_000;
let ada: Person;
let ben: Person;

const entry = (id: string, at: number): InboxEntryInput => ({
  id,
  type: "reply",
  at,
  link: `/article/tide/a1#comment-${id}`,
  subject: "Tidal power plant opens",
  reason: null,
  actorName: "Carl",
  excerpt: `Reply ${id}`,
});
const inboxOf = (p: Person) => env.INBOX.get(env.INBOX.idFromName(p.id));
const subscribe = (p: Person, subscribed: boolean) =>
  expectJson<{ data: { subscribed: boolean } }>(send("PUT", "/api/auth/me/digest", p.token, { subscribed }));

async function digestsTo(p: Person) {
  const { results } = await env.DB.prepare(
    "SELECT subject, body, headers, template, status FROM email_outbox WHERE to_email = ? ORDER BY created_at",
  )
    .bind(p.email)
    .all<{ subject: string; body: string; headers: string; template: string }>();
  return results.filter((r) => r.template === "inbox-digest");
}

/** The unsubscribe link of a reader's latest digest. */
async function unsubscribeLinkOf(p: Person): Promise<string> {
  const [last] = (await digestsTo(p)).reverse();
  const headers = JSON.parse(last!.headers) as Record<string, string>;
  return headers["List-Unsubscribe"]!.slice(1, -1);
}

/** The link as this test's gateway serves it (same path and token, the test's origin). */
const local = (link: string) => `${BASE}${new URL(link).pathname}${new URL(link).search}`;

/**
 * The daily run at `now` with its two halves joined here rather than by the queue (whose consumer would
 * write them a moment later): the cron's list of who is due, then the consumer's digests of each message.
 */
async function dailyRun(now: number): Promise<void> {
  for await (const messages of dueDigestMessages(env, now))
    for (const message of messages) await sendDigests(env, message);
}

beforeAll(async () => {
  [ada, ben] = await Promise.all([person("user", "Ada Digest"), person("user", "Ben Digest")]);
});

describe("the digest's opt-in", () => {
  it("is off until the reader turns it on, and answers a bad body with 400", async () => {
    expect(
      (await expectJson<{ data: { subscribed: boolean } }>(send("GET", "/api/auth/me/digest", ada.token))).data,
    ).toEqual({ subscribed: false });
    expect((await subscribe(ada, true)).data.subscribed).toBe(true);
    expect((await subscribe(ada, true)).data.subscribed).toBe(true);
    expect(
      (await expectJson<{ data: { subscribed: boolean } }>(send("GET", "/api/auth/me/digest", ada.token))).data,
    ).toEqual({ subscribed: true });
    expect((await send("PUT", "/api/auth/me/digest", ada.token, { subscribed: "yes" })).status).toBe(400);
    expect((await send("PUT", "/api/auth/me/digest", null, { subscribed: true })).status).toBe(401);
  });
});

describe("the daily run", () => {
  it("sends one digest a day of what is new and unread, and nothing when nothing is", async () => {
    const now = Date.now();
    await inboxOf(ada).add([entry("d1", now - 1000), entry("d2", now - 500)], now - 500);
    await inboxOf(ben).add([entry("b1", now - 1000)], now - 1000); // Ben never asked: no e-mail.

    await dailyRun(now);
    const [digest] = await digestsTo(ada);
    expect(await digestsTo(ben)).toEqual([]);
    expect(digest!.subject).toBe("Unbiased 24/7: 2 unread notifications");
    expect(digest!.body).toContain("Hello Ada Digest,");
    expect(digest!.body).toContain("- Carl replied to your comment on “Tidal power plant opens”");
    expect(digest!.body).toContain(`${env.APP_ORIGIN}/article/tide/a1#comment-d2`);
    expect(digest!.body.indexOf("Reply d2")).toBeLessThan(digest!.body.indexOf("Reply d1"));
    const headers = JSON.parse(digest!.headers) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toMatch(
      new RegExp(`^<${env.APP_ORIGIN}/api/digest/unsubscribe\\?token=[\\w.-]+>$`),
    );
    expect(digest!.body).toContain(headers["List-Unsubscribe"]!.slice(1, -1));

    // The same day: nothing more, even with something new.
    await inboxOf(ada).add([entry("d3", now + 3600_000)], now + 3600_000);
    await dailyRun(now + 2 * 3600_000);
    expect(await digestsTo(ada)).toHaveLength(1);

    // The next day: only what came after the last digest.
    await dailyRun(now + DAY);
    const second = (await digestsTo(ada))[1]!;
    expect(second.subject).toBe("Unbiased 24/7: 1 unread notification");
    expect(second.body).toContain("Reply d3");
    expect(second.body).not.toContain("Reply d1");

    // An entry whose event came before that digest but which arrived after it (a queue retry) is in
    // the next one, not lost between the two.
    await inboxOf(ada).add([entry("late", now + DAY - 60_000)], now + DAY + 60_000);
    await dailyRun(now + 2 * DAY);
    const third = (await digestsTo(ada))[2]!;
    expect(third.subject).toBe("Unbiased 24/7: 1 unread notification");
    expect(third.body).toContain("Reply late");
    expect(third.body).not.toContain("Reply d3");

    // A day later with nothing new (and what was new read): no e-mail.
    await inboxOf(ada).markRead({ all: true });
    await dailyRun(now + 3 * DAY);
    expect(await digestsTo(ada)).toHaveLength(3);
  });
});

describe("the cron and the digest queue", () => {
  it("queue the due subscribers a few to a message, and the consumer writes and sends each one's digest", async () => {
    const readers = await Promise.all(
      Array.from({ length: 2 * DIGESTS_PER_MESSAGE + 3 }, (_, n) =>
        insertUser(env.DB, { id: `many-${n}`, email: `many${n}@example.com` }),
      ),
    );
    const now = Date.now() + 10 * DAY;
    for (const reader of readers) {
      await env.DB.prepare("INSERT INTO digest_subscriptions (user_id, created_at) VALUES (?, ?)")
        .bind(reader.id, now)
        .run();
      await env.INBOX.get(env.INBOX.idFromName(reader.id)).add([entry(`m-${reader.id}`, now - 1000)], now - 1000);
    }
    const subscribers = await env.DB.prepare("SELECT count(*) AS n FROM digest_subscriptions").first<{ n: number }>();
    const sizes: number[] = [];
    for await (const messages of dueDigestMessages(env, now)) sizes.push(...messages.map((m) => m.due.length));
    expect(Math.max(...sizes)).toBe(DIGESTS_PER_MESSAGE);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(subscribers?.n);

    // Through the real queue to the gateway's own consumer, which has the comments worker send them
    // at once (its e-mail sender, here the local one that logs).
    expect(await queueDueDigests(env, now)).toBe(subscribers?.n);
    await vi.waitFor(
      async () => {
        const { results } = await env.DB.prepare(
          "SELECT to_email, status FROM email_outbox WHERE template = 'inbox-digest' AND to_email LIKE 'many%'",
        ).all<{ to_email: string; status: string }>();
        expect(results.map((r) => r.to_email).sort()).toEqual(readers.map((r) => r.email).sort());
        expect(new Set(results.map((r) => r.status))).toEqual(new Set(["sent"]));
      },
      { timeout: 15_000, interval: 100 },
    );
  }, 20_000);
});

describe("the unsubscribe link", () => {
  it("asks on GET, unsubscribes on a signed-out POST, and serves only its own reader", async () => {
    await subscribe(ben, true);
    await inboxOf(ben).add([entry("b2", Date.now())]);
    await dailyRun(Date.now() + 4 * DAY);
    const adaLink = await unsubscribeLinkOf(ada);
    const benLink = await unsubscribeLinkOf(ben);
    const subscribed = async (p: Person) =>
      (await expectJson<{ data: { subscribed: boolean } }>(send("GET", "/api/auth/me/digest", p.token))).data
        .subscribed;

    // A mail scanner following the link changes nothing.
    const asked = await SELF.fetch(local(adaLink));
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain("Unsubscribe from the daily digest?");
    expect(page).toContain('<form method="post">');
    expect(asked.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(await subscribed(ada)).toBe(true);

    // A changed token, or a sign-in token in its place, unsubscribes nobody.
    const tampered = `${local(adaLink).slice(0, -4)}AAAA`;
    expect((await SELF.fetch(tampered, { method: "POST" })).status).toBe(400);
    const withAccessToken = `${BASE}/api/digest/unsubscribe?token=${ada.token}`;
    expect((await SELF.fetch(withAccessToken, { method: "POST" })).status).toBe(400);
    expect(await subscribed(ada)).toBe(true);

    // The one-click POST a mail client sends, signed out.
    const done = await SELF.fetch(local(adaLink), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You are unsubscribed");
    expect(await subscribed(ada)).toBe(false);
    expect(await subscribed(ben)).toBe(true);
    // Again: still fine, still unsubscribed.
    expect((await SELF.fetch(local(adaLink), { method: "POST" })).status).toBe(200);
    expect(benLink).not.toBe(adaLink);
  });
});

describe("the account", () => {
  it("deleting it removes the digest choice", async () => {
    const cy = await person("user", "Cy Digest");
    await subscribe(cy, true);
    const res = await send("DELETE", "/api/auth/me", cy.token, { confirm: "DELETE", comments: "delete" });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare("SELECT 1 FROM digest_subscriptions WHERE user_id = ?").bind(cy.id).first();
    expect(row).toBeNull();
  });

  it("exports the digest choice", async () => {
    const exported = await expectJson<AccountExport>(send("GET", "/api/auth/me/export", ben.token));
    expect(exported.digest).toEqual(
      expect.objectContaining({ createdAt: expect.stringMatching(/^\d{4}-/), lastSentAt: expect.any(String) }),
    );
    expect((await expectJson<AccountExport>(send("GET", "/api/auth/me/export", ada.token))).digest).toBeNull();
  });
});
