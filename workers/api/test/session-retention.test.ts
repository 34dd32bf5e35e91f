// The gateway's daily cron: sessions that ended more than 30 days ago (signed out or revoked, past
// their absolute end, or past the 7-day idle timeout) are deleted with their rotated refresh-token
// hashes; open sessions and ones that ended more recently stay. Rate-limit windows that have ended go too,
// a few thousand rows a statement however many there are.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { DELETE_CHUNK } from "@unbiased/worker-shared/db/delete-in-chunks";
import { expect, it } from "vitest";
import worker from "../src/index.ts";
import { purgeEndedLimitWindows } from "../src/jobs/session-retention.ts";

const DAY = 24 * 3600_000;

it("deletes sessions that ended more than 30 days ago, with their spent refresh tokens", async () => {
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO users (id, email, name, role, created_at) VALUES ('retention-user', 'retention@example.com', 'Retention Rae', 'user', ?)",
  )
    .bind(now - 90 * DAY)
    .run();
  // [id, created, expires, last used, revoked]
  const rows: [string, number, number, number | null, number | null][] = [
    ["open", now - DAY, now + 29 * DAY, now - 3600_000, null],
    ["revoked-29d-ago", now - 40 * DAY, now - 10 * DAY, now - 29 * DAY, now - 29 * DAY],
    ["revoked-31d-ago", now - 45 * DAY, now - 15 * DAY, now - 31 * DAY, now - 31 * DAY],
    ["expired-29d-ago", now - 59 * DAY, now - 29 * DAY, now - 30 * DAY, null],
    ["expired-32d-ago", now - 62 * DAY, now - 32 * DAY, now - 33 * DAY, null],
    ["idle-since-29d", now - 36 * DAY, now - 6 * DAY, null, null],
    ["idle-since-31d", now - 38 * DAY, now - 8 * DAY, null, null],
  ];
  for (const [id, created, expires, lastUsed, revoked] of rows)
    await env.DB.prepare(
      "INSERT INTO sessions (id, user_id, created_at, expires_at, last_used_at, revoked_at) VALUES (?, 'retention-user', ?, ?, ?, ?)",
    )
      .bind(id, created, expires, lastUsed, revoked)
      .run();
  for (const sessionId of ["open", "revoked-31d-ago"])
    await env.DB.prepare("INSERT INTO spent_refresh_tokens (hash, session_id, spent_at) VALUES (?, ?, ?)")
      .bind(`hash-of-${sessionId}`, sessionId, now - 35 * DAY)
      .run();

  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "41 3 * * *", scheduledTime: now }), env, ctx);
  await waitOnExecutionContext(ctx);

  const kept = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = 'retention-user' ORDER BY id").all();
  expect(kept.results.map((r) => r.id)).toEqual(["expired-29d-ago", "idle-since-29d", "open", "revoked-29d-ago"]);
  const spent = await env.DB.prepare("SELECT hash FROM spent_refresh_tokens WHERE hash LIKE 'hash-of-%'").all();
  expect(spent.results.map((r) => r.hash)).toEqual(["hash-of-open"]);
});

it("deletes rate-limit windows that have ended, and keeps the ones still counting", async () => {
  const now = Date.now();
  for (const [key, resetAt] of [
    ["search:198.51.100.1", now - 3600_000],
    ["comment-vote:ended-user", now - 1],
    ["search:198.51.100.2", now + 60_000],
  ] as const)
    await env.DB.prepare("INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 3, ?)").bind(key, resetAt).run();

  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "41 3 * * *", scheduledTime: now }), env, ctx);
  await waitOnExecutionContext(ctx);

  const kept = await env.DB.prepare(
    "SELECT key FROM rate_limits WHERE key IN ('search:198.51.100.1', 'comment-vote:ended-user', 'search:198.51.100.2')",
  ).all();
  expect(kept.results.map((r) => r.key)).toEqual(["search:198.51.100.2"]);
});

it("deletes more ended windows than one statement takes, a chunk at a time", async () => {
  const now = Date.now();
  const ended = 2 * DELETE_CHUNK + 7;
  await env.DB.prepare(
    `INSERT INTO rate_limits (key, count, reset_at)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     SELECT 'bulk:' || i, 1, ? FROM n`,
  )
    .bind(ended, now - 60_000)
    .run();
  await env.DB.prepare("INSERT INTO rate_limits (key, count, reset_at) VALUES ('bulk:live', 1, ?)")
    .bind(now + 60_000)
    .run();

  expect(await purgeEndedLimitWindows(env, now)).toBe(ended);
  const left = await env.DB.prepare("SELECT key FROM rate_limits WHERE key LIKE 'bulk:%'").all();
  expect(left.results.map((r) => r.key)).toEqual(["bulk:live"]);
});
