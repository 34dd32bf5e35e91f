// Sessions: each sign-in opens one; access tokens carry its id; a rotating refresh token (stored
// only as a SHA-256 hash) extends it; logout closes it, after which neither refresh nor any token
// carrying its id works. The refresh tokens of a session form a family (RFC 9700 §4.14.2): every
// rotated-away token is remembered, and presenting one again revokes the whole session.

import { SESSION_IDLE_DAYS, SESSION_TTL_DAYS } from "@unbiased/worker-shared/contracts/auth";
import type { Database } from "@unbiased/worker-shared/db/client";
import { sessions, spentRefreshTokens } from "@unbiased/worker-shared/db/schema/index";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { randomToken, sha256Hex } from "../auth/random.ts";

export const DAY_MS = 24 * 3600 * 1000;
/** Absolute lifetime of a session, from sign-in. */
export const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY_MS;
/** A session not refreshed for this long cannot be refreshed any more (idle timeout). */
export const SESSION_IDLE_MS = SESSION_IDLE_DAYS * DAY_MS;

export async function openSession(
  db: Database,
  userId: string,
  now = Date.now(),
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = crypto.randomUUID();
  const refreshToken = randomToken();
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    refreshHash: await sha256Hex(refreshToken),
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
    lastUsedAt: now,
  });
  return { sessionId, refreshToken };
}

/** Not revoked, within its absolute lifetime, and used within the idle timeout. */
const isOpen = (now: number) =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`, now - SESSION_IDLE_MS),
  );

export type RotationResult =
  | { kind: "rotated"; session: typeof sessions.$inferSelect; refreshToken: string }
  /** An already-rotated token came back: the session is now revoked. */
  | { kind: "reused" }
  /** Unknown token, or its session is closed, expired or idle. */
  | { kind: "refused" };

/**
 * Swaps a refresh token for a new one. The old hash is recorded as spent in the same batch (one D1
 * transaction) as the swap, so a second request with the same token, even a concurrent one, finds it
 * spent and revokes the session.
 */
export async function rotateRefreshToken(
  db: Database,
  refreshToken: string,
  now = Date.now(),
): Promise<RotationResult> {
  const hash = await sha256Hex(refreshToken);
  const next = randomToken();
  const current = and(eq(sessions.refreshHash, hash), isOpen(now));
  const [, rows] = await db.batch([
    db
      .insert(spentRefreshTokens)
      .select(
        db
          .select({ hash: sessions.refreshHash, sessionId: sessions.id, spentAt: sql<number>`${now}`.as("spent_at") })
          .from(sessions)
          .where(current),
      )
      .onConflictDoNothing(),
    db
      .update(sessions)
      .set({ refreshHash: await sha256Hex(next), lastUsedAt: now })
      .where(current)
      .returning(),
  ]);
  const [row] = rows;
  if (row) return { kind: "rotated", session: row, refreshToken: next };
  const sessionId = await spentTokenSession(db, hash);
  if (!sessionId) return { kind: "refused" };
  await closeSession(db, sessionId, now);
  return { kind: "reused" };
}

async function spentTokenSession(db: Database, hash: string): Promise<string | null> {
  const [spent] = await db
    .select({ sessionId: spentRefreshTokens.sessionId })
    .from(spentRefreshTokens)
    .where(eq(spentRefreshTokens.hash, hash));
  return spent?.sessionId ?? null;
}

/** The session a refresh cookie belongs to (its current or an already-rotated token), for logout. */
export async function sessionOfRefreshToken(db: Database, refreshToken: string): Promise<string | null> {
  const hash = await sha256Hex(refreshToken);
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.refreshHash, hash));
  return row?.id ?? (await spentTokenSession(db, hash));
}

export async function closeSession(db: Database, sessionId: string, now = Date.now()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, refreshHash: null })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Deletes sessions that ended before `endedBefore`: revoked then, or past their absolute end or their
 * idle timeout by then. Their rotated refresh-token hashes go with them (ON DELETE CASCADE). A deleted
 * session's tokens were already refused, so nothing that still works is lost.
 */
export async function purgeEndedSessions(db: Database, endedBefore: number): Promise<number> {
  const result = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.revokedAt, endedBefore),
        lt(sessions.expiresAt, endedBefore),
        lt(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`, endedBefore - SESSION_IDLE_MS),
      ),
    );
  return result.meta.changes ?? 0;
}
