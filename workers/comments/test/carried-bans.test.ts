// Bans kept from deleted accounts (ADR 017), inside the comments worker: without the key nothing can be
// kept, so a banned account's deletion is refused before anything changes (an account that is not
// banned needs no key); a kept ban is forgotten when its time is up.
import { env } from "cloudflare:test";
import { ACCOUNT_MESSAGES } from "@unbiased/worker-shared/contracts/account";
import { createDb } from "@unbiased/worker-shared/db/client";
import { describe, expect, it } from "vitest";
import { carryOverBans, purgeCarriedBans } from "../src/storage/carried-bans.ts";
import { eraseUserComments } from "../src/storage/user-erasure.ts";
import { person } from "./support/people.ts";

const db = () => createDb(env.DB);
const KEY = "test-only-ban-identity-key-0123456789";

async function ban(userId: string) {
  await env.DB.prepare(
    "INSERT INTO bans (id, user_id, ban_type, reason, banned_at, expires_at) VALUES (?, ?, 'temporary', 'spam', ?, ?)",
  )
    .bind(crypto.randomUUID(), userId, Date.now(), Date.now() + 3600_000)
    .run();
}
const count = async (sql: string, ...params: unknown[]) =>
  (
    (await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()) ?? { n: 0 }
  ).n;

describe("without BAN_IDENTITY_KEY", () => {
  it("refuses to keep a banned account's ban, and its erasure fails before changing anything", async () => {
    // With a reputation row, which the failed erasure must leave.
    const banned = await person({ score: 0 });
    await ban(banned.id);
    expect(await carryOverBans(db(), undefined, banned.id)).toEqual({
      kept: false,
      reason: ACCOUNT_MESSAGES.banKeyMissing,
    });
    await expect(eraseUserComments(env, db(), banned.id, "delete", undefined)).rejects.toThrow(
      ACCOUNT_MESSAGES.banKeyMissing,
    );
    expect(await count("SELECT count(*) AS n FROM bans WHERE user_id = ?", banned.id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM user_reputation WHERE user_id = ?", banned.id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM carried_bans")).toBe(0);
  });

  it("lets an account that is not banned go: there is nothing to keep", async () => {
    const free = await person();
    expect(await carryOverBans(db(), undefined, free.id)).toEqual({ kept: true });
  });
});

describe("with the key", () => {
  it("keeps the ban once however often it is carried, and forgets it when its time is up", async () => {
    const banned = await person();
    await ban(banned.id);
    await carryOverBans(db(), KEY, banned.id);
    await carryOverBans(db(), KEY, banned.id);
    expect(await count("SELECT count(*) AS n FROM carried_bans")).toBe(1);
    await purgeCarriedBans(db(), Date.now());
    expect(await count("SELECT count(*) AS n FROM carried_bans")).toBe(1);
    await purgeCarriedBans(db(), Date.now() + 2 * 3600_000);
    expect(await count("SELECT count(*) AS n FROM carried_bans")).toBe(0);
  });
});
