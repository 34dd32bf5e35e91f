// Sessions in their user's UserSessions object (ADR 022): how an ended one reaches D1's
// ended_sessions even when D1 failed at the time, what the object's alarm deletes, and the sessions
// D1 still keeps from before the objects, which work until they end.
import { env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { signToken } from "@unbiased/worker-shared/auth/tokens";
import { describe, expect, it } from "vitest";
import { ANNOUNCE_RETRY_MS, type UserSessions } from "../src/durable/user-sessions.ts";
import { purgeOldSessions } from "../src/jobs/session-retention.ts";
import { BASE, bearer, claimsOf, d1Session, devSignIn, postJson, refreshCookieFrom } from "./support/session.ts";

const DAY_MS = 24 * 3600_000;
const verify = (token: string) => SELF.fetch(`${BASE}/api/auth/verify`, { headers: bearer(token) });
const refresh = (cookie: string) => postJson("/api/auth/refresh", { Cookie: cookie });
const stubOf = (userId: string) => env.USER_SESSIONS.get(env.USER_SESSIONS.idFromName(userId));
const endedRow = (sessionId: string) =>
  env.DB.prepare("SELECT expires_at FROM ended_sessions WHERE session_id = ?").bind(sessionId).first();

describe("a session ended in its object", () => {
  it("is refused by every token from the moment D1 has it, and D1 keeps it until the session's absolute end", async () => {
    const { token, user } = await devSignIn("user", "Ending Eve");
    const { sid, sst } = claimsOf(token);
    expect(await endedRow(sid)).toBeNull();
    expect((await postJson("/api/auth/logout", bearer(token))).status).toBe(200);
    expect(await endedRow(sid)).toEqual({ expires_at: (sst as number) + 30 * DAY_MS });
    expect((await verify(token)).status).toBe(401);
    // Ending it again changes nothing.
    await stubOf(user.id).end(sid);
    expect((await verify(token)).status).toBe(401);
  });

  it("reaches D1 from the object's alarm when D1 failed as it ended (a crash between the two writes)", async () => {
    const { token, user } = await devSignIn("user", "Crashing Cass");
    const { sid } = claimsOf(token);
    const stub = stubOf(user.id);
    // D1 refuses the write (its table is away), after the object has ended the session.
    await env.DB.prepare("ALTER TABLE ended_sessions RENAME TO ended_sessions_away").run();
    try {
      expect(await stub.end(sid)).toEqual({ written: false });
      const logout = await postJson("/api/auth/logout", bearer(token));
      expect(logout.status).toBe(503);
      expect(logout.headers.get("Retry-After")).toBe("10");
    } finally {
      await env.DB.prepare("ALTER TABLE ended_sessions_away RENAME TO ended_sessions").run();
    }
    expect(await endedRow(sid)).toBeNull();
    const alarmAt = await runInDurableObject(stub, (_o, state) => state.storage.getAlarm());
    expect(alarmAt).toBeGreaterThan(Date.now());
    expect(alarmAt).toBeLessThanOrEqual(Date.now() + ANNOUNCE_RETRY_MS);
    // The refresh token no longer works (the object ended the session); the alarm brings D1 in line.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await endedRow(sid)).not.toBeNull();
    expect((await verify(token)).status).toBe(401);
  });

  it("of an account's deletion, writes every session still before its end, again when run again", async () => {
    const first = await devSignIn("user", "Many Tabs");
    const second = await devSignIn("user", "Many Tabs");
    const stub = stubOf(first.user.id);
    await stub.endAll();
    await env.DB.prepare("DELETE FROM ended_sessions WHERE session_id = ?").bind(claimsOf(second.token).sid).run();
    await stub.endAll();
    for (const { token } of [first, second]) {
      expect(await endedRow(claimsOf(token).sid)).not.toBeNull();
      expect((await verify(token)).status).toBe(401);
    }
  });
});

describe("a session's absolute end and retention", () => {
  it("refuses a token whose session began 30 days ago, whatever its own expiry", async () => {
    const { token, user } = await devSignIn("user", "Old Olive");
    const { sid } = claimsOf(token);
    const claims = { sub: user.id, sid, kind: "access" as const };
    const old = await signToken(env.AUTH_SECRET, { ...claims, sst: Date.now() - 30 * DAY_MS }, 900);
    const recent = await signToken(env.AUTH_SECRET, { ...claims, sst: Date.now() - 29 * DAY_MS }, 900);
    expect((await verify(old)).status).toBe(401);
    expect((await verify(recent)).status).toBe(200);
  });

  it("deletes a session's row 30 days after it ended, and the object's storage with the last row", async () => {
    const { token, user } = await devSignIn("user", "Gone Gil");
    const stub = stubOf(user.id);
    const longAgo = Date.now() - 61 * DAY_MS;
    const rows = () =>
      runInDurableObject(stub, (_o: UserSessions, state) =>
        state.storage.sql.exec("SELECT id FROM sessions").toArray(),
      );
    // A second session, signed out 31 days ago, and the first one idle for 38 days.
    await runInDurableObject(stub, async (instance: UserSessions, state) => {
      await instance.open("signed-out-long-ago", longAgo);
      state.storage.sql.exec(
        "UPDATE sessions SET ended_at = ?, announced = 1 WHERE id = ?",
        Date.now() - 31 * DAY_MS,
        "signed-out-long-ago",
      );
    });
    expect(await rows()).toHaveLength(2);
    await runInDurableObject(stub, (_o, state) => {
      state.storage.sql.exec(
        "UPDATE sessions SET last_used_at = ?, created_at = ? WHERE id = ?",
        Date.now() - 38 * DAY_MS,
        Date.now() - 38 * DAY_MS,
        claimsOf(token).sid,
      );
    });
    await runInDurableObject(stub, (_o, state) => state.storage.setAlarm(Date.now()));
    await runDurableObjectAlarm(stub);
    expect(await rows()).toEqual([]);
    expect(await runInDurableObject(stub, (_o, state) => state.storage.getAlarm())).toBeNull();
  });

  it("purges D1's ended sessions past their absolute end in the daily cron, and keeps the others", async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO ended_sessions (session_id, expires_at) VALUES ('past-its-end', ?)").bind(
        Date.now() - 1,
      ),
      env.DB.prepare("INSERT INTO ended_sessions (session_id, expires_at) VALUES ('before-its-end', ?)").bind(
        Date.now() + DAY_MS,
      ),
    ]);
    await purgeOldSessions(env);
    const left = await env.DB.prepare(
      "SELECT session_id FROM ended_sessions WHERE session_id IN ('past-its-end', 'before-its-end')",
    ).all();
    expect(left.results).toEqual([{ session_id: "before-its-end" }]);
  });
});

describe("a session D1 kept from before the objects", () => {
  it("still refreshes, signs in and signs out until it ends, and its refreshed tokens end with it", async () => {
    const { user } = await devSignIn("user", "Legacy Lena");
    const session = await d1Session(user.id);
    expect((await verify(session.token)).status).toBe(200);
    const rotated = await refresh(session.refreshCookie!);
    expect(rotated.status).toBe(200);
    const { data } = (await rotated.json()) as { data: { token: string } };
    expect(claimsOf(data.token)).toMatchObject({ sid: session.sessionId, sst: expect.any(Number) });
    expect((await verify(data.token)).status).toBe(200);
    expect((await postJson("/api/auth/logout", { Cookie: refreshCookieFrom(rotated)! })).status).toBe(200);
    expect(await endedRow(session.sessionId)).not.toBeNull();
    expect((await verify(data.token)).status).toBe(401);
    expect((await verify(session.token)).status).toBe(401);
    expect((await refresh(refreshCookieFrom(rotated)!)).status).toBe(401);
  });
});

describe("the object of a deleted account", () => {
  it("refuses a sign-in that was on its way, then deletes its storage", async () => {
    const { user } = await devSignIn("user", "Racing Rhea");
    const stub = stubOf(user.id);
    await stub.endAll();
    await stub.erase();
    expect(await stub.open("a-late-session")).toBeNull();
    expect(await stub.list()).toEqual([]);
    const alarmAt = await runInDurableObject(stub, (_o, state) => state.storage.getAlarm());
    expect(alarmAt).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    await runDurableObjectAlarm(stub);
    expect(
      await runInDurableObject(stub, (_o, state) => state.storage.sql.exec("SELECT * FROM erased").toArray()),
    ).toEqual([]);
  });

  it("writes the ended sessions of a user with more than one statement's worth of them", async () => {
    const { user } = await devSignIn("user", "Many Sessions Mo");
    const stub = stubOf(user.id);
    const ids = Array.from({ length: 120 }, (_, i) => `many-${i}`);
    for (const id of ids) await stub.open(id);
    expect(await stub.endAll()).toEqual({ written: true });
    const listed = await env.DB.prepare(
      "SELECT count(*) AS n FROM ended_sessions WHERE session_id LIKE 'many-%'",
    ).first();
    expect(listed).toEqual({ n: 120 });
  });
});
