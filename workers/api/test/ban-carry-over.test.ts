// A ban outlives the account (ADR 017): deleting a banned account keeps the ban under keyed digests of
// the account's identities (its Google subject, its e-mail), and a sign-in that matches either gets the
// ban back before it is answered; a reader who was never banned comes back free. ModMe lists the kept
// bans and can lift them; nothing kept names the account.
import { env, SELF } from "cloudflare:test";
import { BANNED_MESSAGE } from "@unbiased/worker-shared/auth/middleware";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "./support/account.ts";
import { completeGoogleSignIn } from "./support/google-flow.ts";
import { LocalOidcProvider } from "./support/oidc-provider.ts";
import { BASE, banUser, bearer, devSignIn } from "./support/session.ts";
import { expectJson, person, send } from "./support/staff-actions.ts";

const CONFIRMED = { confirm: "DELETE", comments: "delete" };
/** The comments worker's key in the tests (workers/shared/testing/pool-config.ts). */
const TEST_KEY = "test-only-ban-identity-key-0123456789";

let provider: LocalOidcProvider;
beforeAll(async () => {
  provider = await LocalOidcProvider.start();
  await insertArticle(env.DB, { id: "carry-article" });
});

async function hmacHex(message: string) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(TEST_KEY),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const comment = (token: string) =>
  SELF.fetch(`${BASE}/api/comments/article/carry-article`, {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json" },
    body: JSON.stringify({ content: "Back again, with something to say" }),
  });

const ownBan = async (token: string) =>
  (
    (await (await SELF.fetch(`${BASE}/api/auth/me/ban`, { headers: bearer(token) })).json()) as {
      data: { banned: boolean; banType: string | null; expiresAt: string | null };
    }
  ).data;

const carried = () =>
  env.DB.prepare("SELECT * FROM carried_bans ORDER BY identity_kind")
    .all<Record<string, unknown>>()
    .then((r) => r.results);

describe("a banned reader who deletes their account", () => {
  it("is banned again on signing in with the same identity, and refused a comment with the ban message", async () => {
    const first = await devSignIn("user", "Ban Evader");
    await banUser(first.user.id, "temporary");
    const banned = await ownBan(first.token);
    expect(banned).toMatchObject({ banned: true, banType: "temporary" });

    expect((await deleteAccount(first.token, CONFIRMED)).status).toBe(200);
    const kept = await carried();
    // A development account has only its e-mail: one digest, keyed, naming no one.
    expect(kept).toEqual([
      expect.objectContaining({
        identity_kind: "email",
        identity_hash: await hmacHex(`email:${first.user.email.trim().toLowerCase()}`),
        ban_type: "temporary",
        reason: "test ban",
        expires_at: Date.parse(banned.expiresAt!),
        keep_until: Date.parse(banned.expiresAt!),
      }),
    ]);
    const text = JSON.stringify(kept);
    for (const trace of [first.user.id, first.user.email, "Ban Evader"]) expect(text).not.toContain(trace);

    const again = await devSignIn("user", "Ban Evader");
    expect(again.user.id).not.toBe(first.user.id);
    // Restored before the sign-in answered: the very first request is banned, with the same end.
    expect(await ownBan(again.token)).toEqual(banned);
    const refused = await comment(again.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, error: BANNED_MESSAGE });
    // The account holds the ban now: nothing stays kept, and the log says what happened.
    expect(await carried()).toEqual([]);
    const log = await env.DB.prepare(
      "SELECT action FROM moderation_log WHERE action IN ('user.ban_carry', 'user.ban_restore') ORDER BY id",
    ).all<{ action: string }>();
    expect(log.results.map((r) => r.action)).toEqual(["user.ban_carry", "user.ban_restore"]);
  });

  it("a reader who was never banned deletes, signs in again and comments", async () => {
    const first = await devSignIn("user", "Clean Leaver");
    expect((await deleteAccount(first.token, CONFIRMED)).status).toBe(200);
    const again = await devSignIn("user", "Clean Leaver");
    expect(await ownBan(again.token)).toEqual({ banned: false, banType: null, expiresAt: null });
    expect((await comment(again.token)).status).toBe(201);
  });

  it("keeps a Google account's ban under its subject too: a new e-mail on the same Google account is still banned", async () => {
    const who = { sub: "google-evader", email: "evader@gmail.example", name: "Google Evader" };
    const signedIn = await completeGoogleSignIn(provider, who);
    const { data } = (await signedIn.json()) as { data: { token: string; user: { id: string } } };
    await banUser(data.user.id, "permanent");
    expect((await deleteAccount(data.token, CONFIRMED)).status).toBe(200);
    const kept = await carried();
    expect(kept.map((row) => [row.identity_kind, row.ban_type, row.expires_at])).toEqual([
      ["email", "permanent", null],
      ["google", "permanent", null],
    ]);
    // A permanent ban is kept 12 months at most.
    expect(Number(kept[0]!.keep_until) - Number(kept[0]!.carried_at)).toBe(365 * 86_400_000);

    const back = await completeGoogleSignIn(provider, { ...who, email: "evader.new@gmail.example" });
    const token = ((await back.json()) as { data: { token: string } }).data.token;
    expect(await ownBan(token)).toMatchObject({ banned: true, banType: "permanent" });
    expect((await comment(token)).status).toBe(403);
  });
});

describe("ModMe and carried bans", () => {
  it("lists what is kept (no name, e-mail or id of the account) and lifts it: the next sign-in is free", async () => {
    const leaver = await devSignIn("user", "Lifted Leaver");
    await banUser(leaver.user.id, "permanent");
    expect((await deleteAccount(leaver.token, CONFIRMED)).status).toBe(200);
    const moderator = await person("moderator", "Carried Ban Moderator");
    const { data } = await expectJson<{
      data: { carriedBans: { id: string; identities: string[]; ban_type: string }[] };
    }>(send("GET", "/api/comments/admin/bans/carried", moderator.adminToken));
    const entry = data.carriedBans.find((ban) => ban.ban_type === "permanent" && ban.identities.includes("email"));
    expect(entry).toBeDefined();
    const listed = JSON.stringify(data);
    for (const trace of [leaver.user.id, leaver.user.email, "Lifted Leaver"]) expect(listed).not.toContain(trace);

    await expectJson(send("DELETE", `/api/comments/admin/bans/carried/${entry!.id}`, moderator.adminToken));
    expect((await send("DELETE", `/api/comments/admin/bans/carried/${entry!.id}`, moderator.adminToken)).status).toBe(
      404,
    );
    const again = await devSignIn("user", "Lifted Leaver");
    expect(await ownBan(again.token)).toMatchObject({ banned: false });
    expect((await comment(again.token)).status).toBe(201);
  });
});

describe("a ban kept as long as it lasts, and no longer", () => {
  it("is not restored once its end has passed", async () => {
    const leaver = await devSignIn("user", "Expired Leaver");
    await banUser(leaver.user.id, "temporary");
    expect((await deleteAccount(leaver.token, CONFIRMED)).status).toBe(200);
    await env.DB.prepare("UPDATE carried_bans SET expires_at = ?, keep_until = ? WHERE reason = 'test ban'")
      .bind(Date.now() - 1000, Date.now() - 1000)
      .run();
    const again = await devSignIn("user", "Expired Leaver");
    expect(await ownBan(again.token)).toMatchObject({ banned: false });
  });
});
