// The moderation log page's data and the e-mail outbox with its pluggable sender.
import { env } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { beforeAll, describe, expect, it } from "vitest";
import { deliverOutbox } from "../src/email/deliver-outbox.ts";
import { type EmailSender, emailSenderFor } from "../src/email/sender.ts";
import { OUTBOX_LEASE_MS, OUTBOX_MAX_ATTEMPTS } from "../src/storage/outbox-delivery.ts";
import { type Caller, call, insertBan, signIn } from "./support/modme.ts";

let mod: Caller;
let other: Caller;

beforeAll(async () => {
  mod = await signIn("moderator", { name: "Logging Lou" });
  other = await signIn("admin", { name: "Other Olga" });
  for (const name of ["Log Target A", "Log Target B"]) {
    const user = await signIn("user", { name });
    await insertBan(user.userId, "permanent");
    await call("PUT", `/api/comments/admin/unban/${user.userId}`, name.endsWith("A") ? mod.admin : other.admin);
  }
});

describe("GET /api/comments/admin/log", () => {
  it("lists entries newest first with the actor's name, filterable by moderator, action and target", async () => {
    const all = await call("GET", "/api/comments/admin/log", mod.admin);
    expect(all.status).toBe(200);
    expect(all.body.data.entries.length).toBeGreaterThanOrEqual(2);
    expect(all.body.data.entries[0]).toMatchObject({
      actorName: "Other Olga",
      action: "user.unban",
      targetType: "user",
    });
    expect(all.body.data.actions).toContain("user.unban");

    const byName = await call("GET", "/api/comments/admin/log?actor=lou", mod.admin);
    expect(byName.body.data.entries.map((e: { actorName: string }) => e.actorName)).toEqual(["Logging Lou"]);
    const byId = await call("GET", `/api/comments/admin/log?actor=${other.userId}`, mod.admin);
    expect(byId.body.data.entries).toHaveLength(1);
    const target = byName.body.data.entries[0].targetId;
    const byTarget = await call("GET", `/api/comments/admin/log?target=${target}`, mod.admin);
    expect(byTarget.body.data.entries).toHaveLength(1);
    const byAction = await call("GET", "/api/comments/admin/log?action=user.ban", mod.admin);
    expect(byAction.body.data.entries).toHaveLength(0);
    // LIKE wildcards in a filter are plain characters.
    expect((await call("GET", "/api/comments/admin/log?actor=%25", mod.admin)).body.data.entries).toHaveLength(0);
  });
});

const addOutbox = async (id: string) =>
  env.DB.prepare(
    "INSERT INTO email_outbox (id, to_email, subject, body, template, created_at) VALUES (?, 'reader@example.com', 'Your comment was hidden', 'Body text', 'comment.deactivated', ?)",
  )
    .bind(id, Date.now())
    .run();

const outboxRow = (id: string) =>
  env.DB.prepare("SELECT status, attempts, last_error FROM email_outbox WHERE id = ?").bind(id).first();

describe("e-mail outbox sender", () => {
  it("keeps messages visible with the local sender when no e-mail API is configured", async () => {
    await addOutbox("mail-local");
    const sent = await call("POST", "/api/comments/admin/outbox/send", mod.admin);
    expect(sent.body.data.sent).toBeGreaterThanOrEqual(1);
    expect(await outboxRow("mail-local")).toEqual({ status: "sent", attempts: 1, last_error: null });
    const list = await call("GET", "/api/comments/admin/outbox", mod.admin);
    expect(list.body.data.sender).toBe("local");
    expect(list.body.data.items.find((m: { id: string }) => m.id === "mail-local")).toMatchObject({
      toEmail: "reader@example.com",
      subject: "Your comment was hidden",
      status: "sent",
    });
  });

  it("posts to the configured HTTP e-mail API with the bearer key", async () => {
    await addOutbox("mail-http");
    const seen: Array<{ url: string; auth: string | null; body: unknown }> = [];
    // The e-mail service's side of the exchange (the worker under test never reaches the internet).
    const emailService = (async (url: string, init: RequestInit) => {
      seen.push({
        url,
        auth: new Headers(init.headers).get("authorization"),
        body: JSON.parse(String(init.body)),
      });
      return new Response("{}", { status: 200 });
    }) as unknown as typeof fetch;
    const sender = emailSenderFor(
      { EMAIL_API_URL: "https://mail.example/emails", EMAIL_API_KEY: "k-1", EMAIL_FROM: "ModMe <m@x.example>" },
      emailService,
    );
    expect(sender.name).toBe("http");
    expect(await deliverOutbox(createDb(env.DB), sender)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(seen).toEqual([
      {
        url: "https://mail.example/emails",
        auth: "Bearer k-1",
        body: {
          from: "ModMe <m@x.example>",
          to: "reader@example.com",
          subject: "Your comment was hidden",
          text: "Body text",
        },
      },
    ]);
  });

  it("passes a message's own headers on to the e-mail API (the digest's one-click unsubscribe)", async () => {
    const headers = {
      "List-Unsubscribe": "<https://unbiased247.example/api/digest/unsubscribe?token=t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    await env.DB.prepare(
      "INSERT INTO email_outbox (id, to_email, subject, body, template, headers, created_at) VALUES ('mail-headers', 'reader@example.com', 'Digest', 'Body', 'inbox-digest', ?, ?)",
    )
      .bind(JSON.stringify(headers), Date.now())
      .run();
    const bodies: unknown[] = [];
    const emailService = (async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response("{}", { status: 200 });
    }) as unknown as typeof fetch;
    const sender = emailSenderFor({ EMAIL_API_URL: "https://mail.example/emails" }, emailService);
    expect((await deliverOutbox(createDb(env.DB), sender)).sent).toBeGreaterThan(0);
    expect(bodies).toContainEqual(expect.objectContaining({ subject: "Digest", headers }));
  });

  it("retries a failing send and marks it failed after the last attempt", async () => {
    await addOutbox("mail-failing");
    const broken: EmailSender = {
      name: "http",
      send: async () => {
        throw new Error("e-mail API answered HTTP 503");
      },
    };
    const db = createDb(env.DB);
    // Each attempt after the lease of the one before: a failing API is not retried at once.
    const at = (attempt: number) => Date.now() + (attempt - 1) * (OUTBOX_LEASE_MS + 1);
    for (let attempt = 1; attempt < OUTBOX_MAX_ATTEMPTS; attempt++) {
      expect(await deliverOutbox(db, broken, 50, at(attempt))).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect(await deliverOutbox(db, broken, 50, at(attempt) + 1000)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    }
    expect(await deliverOutbox(db, broken, 50, at(OUTBOX_MAX_ATTEMPTS))).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await outboxRow("mail-failing")).toEqual({
      status: "failed",
      attempts: OUTBOX_MAX_ATTEMPTS,
      last_error: "e-mail API answered HTTP 503",
    });
    // A failed message is not picked up again.
    expect(await deliverOutbox(db, broken, 50, at(OUTBOX_MAX_ATTEMPTS + 1))).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
  });

  it("sends each message once when senders run at once (the cron, a moderation action, the digests)", async () => {
    const ids = Array.from({ length: 30 }, (_, n) => `mail-once-${n}`);
    for (const id of ids) await addOutbox(id);
    const sentTo: string[] = [];
    const recording: EmailSender = {
      name: "http",
      send: async (message) => {
        // The e-mail API's answer takes a moment, so the two runs overlap.
        await new Promise((resolve) => setTimeout(resolve, 1));
        sentTo.push(message.subject);
      },
    };
    const db = createDb(env.DB);
    const runs = await Promise.all([deliverOutbox(db, recording), deliverOutbox(db, recording)]);
    expect(sentTo).toHaveLength(ids.length);
    expect(runs[0]!.sent + runs[1]!.sent).toBe(ids.length);
    for (const id of ids) expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 1 });
  });
});
