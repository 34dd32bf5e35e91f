// ModMe bans (spec §7): the active list, temporary bans ending on their own, unban at both paths.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, insertBan, logEntries, signIn } from "./support/modme.ts";

describe("GET /api/comments/admin/bans", () => {
  it("lists active bans with the spec's fields and leaves out expired and lifted ones", async () => {
    const mod = await signIn("moderator");
    const permanent = await signIn("user", { name: "Permanent Pat" });
    const temporary = await signIn("user", { name: "Temporary Tom" });
    const expired = await signIn("user", { name: "Expired Eve" });
    await insertBan(permanent.userId, "permanent");
    await insertBan(temporary.userId, "temporary", { expiresAt: Date.now() + 2 * 3600_000 });
    await insertBan(expired.userId, "temporary", { bannedAt: Date.now() - 7200_000, expiresAt: Date.now() - 1 });

    const res = await call("GET", "/api/comments/admin/bans", mod.admin);
    expect(res.status).toBe(200);
    const bans = res.body.data.bans as Array<Record<string, unknown>>;
    const mine = bans.filter((b) => [permanent.userId, temporary.userId, expired.userId].includes(b.user_id as string));
    expect(mine.map((b) => b.user_name).sort()).toEqual(["Permanent Pat", "Temporary Tom"]);
    const perm = mine.find((b) => b.user_id === permanent.userId) ?? {};
    expect(Object.keys(perm).sort()).toEqual(
      ["id", "user_id", "user_name", "ban_type", "banned_at", "expires_at", "reason"].sort(),
    );
    expect(perm).toMatchObject({ ban_type: "permanent", expires_at: null, reason: "test ban" });
    expect(mine.find((b) => b.user_id === temporary.userId)).toMatchObject({ ban_type: "temporary" });
  });

  it("lets a temporary ban end on its own at its expiry time, with no job to lift it", async () => {
    // A banned moderator is refused by every ModMe write and read that is not allowBanned.
    const mod = await signIn("moderator");
    await insertBan(mod.userId, "temporary", { bannedAt: Date.now() - 3600_000, expiresAt: Date.now() + 60_000 });
    expect(await call("GET", "/api/comments/admin/bans", mod.admin)).toEqual({
      status: 403,
      body: { success: false, error: "Your account is banned from this action" },
    });
    await env.DB.prepare("UPDATE bans SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, mod.userId)
      .run();
    const after = await call("GET", "/api/comments/admin/bans", mod.admin);
    expect(after.status).toBe(200);
    expect(after.body.data.bans.some((b: { user_id: string }) => b.user_id === mod.userId)).toBe(false);
    // Unbanning an expired ban finds nothing to lift.
    const unban = await call("PUT", `/api/comments/admin/unban/${mod.userId}`, (await signIn("admin")).admin);
    expect(unban).toEqual({ status: 404, body: { success: false, error: "User not found or not banned" } });
  });
});

describe("PUT unban", () => {
  it.each(["/api/comments/admin/unban", "/comments/admin/unban"])(
    "%s/{userId} lifts the ban, logs it and then answers 404 'User not found or not banned'",
    async (prefix) => {
      const mod = await signIn("moderator");
      const user = await signIn("user");
      await insertBan(user.userId, "permanent");
      const res = await call("PUT", `${prefix}/${user.userId}`, mod.admin);
      expect(res).toEqual({
        status: 200,
        body: { success: true, data: { userId: user.userId, unbanned: true }, message: "User unbanned successfully" },
      });
      const active = await call("GET", "/api/comments/admin/bans", mod.admin);
      expect(active.body.data.bans.some((b: { user_id: string }) => b.user_id === user.userId)).toBe(false);
      expect(await logEntries(user.userId)).toEqual([
        expect.objectContaining({ actor_id: mod.userId, action: "user.unban", target_type: "user" }),
      ]);
      const again = await call("PUT", `${prefix}/${user.userId}`, mod.admin);
      expect(again).toEqual({ status: 404, body: { success: false, error: "User not found or not banned" } });
      const unknown = await call("PUT", `${prefix}/no-such-user`, mod.admin);
      expect(unknown.status).toBe(404);
    },
  );
});
