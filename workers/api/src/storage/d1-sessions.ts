// Sessions opened before the UserSessions objects (ADR 022), kept in D1's `sessions` table: no new
// one is opened there, and these rotate, end and are purged here until the last has ended
// (SESSION_TTL_DAYS after the objects went live), when this module, the table, the spent-token list
// and the tokens without a user id go. The refresh tokens of a session form a family (RFC 9700
// §4.14.2): a numbered, signed line (auth/refresh-token.ts) of which the row keeps the current number,
// so presenting a token rotated away revokes the session.

import { SESSION_IDLE_MS } from "@unbiased/worker-shared/contracts/auth";
import type { Database } from "@unbiased/worker-shared/db/client";
import { deleteInChunks } from "@unbiased/worker-shared/db/delete-in-chunks";
import { raw, runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { sessions, spentRefreshTokens } from "@unbiased/worker-shared/db/schema/index";
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { sha256Hex } from "../auth/random.ts";
import { type RefreshTokenNames, refreshTokenFor } from "../auth/refresh-token.ts";

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
 * Swaps a refresh token for the next of its line. Only the row still at the token's generation moves
 * on (one conditional UPDATE), so of two requests with the same token, even concurrent ones, one
 * rotates and the other presents a token already rotated away: the session is revoked.
 */
export async function rotateD1Session(
  db: Database,
  secret: string,
  refreshToken: string,
  named: RefreshTokenNames | null,
  now = Date.now(),
): Promise<RotationResult> {
  if (!named) return rotateLegacyToken(db, secret, refreshToken, now);
  const { sessionId, generation } = named;
  const [row] = await db
    .update(sessions)
    .set({ refreshGeneration: generation + 1, lastUsedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.refreshGeneration, generation), isOpen(now)))
    .returning();
  if (row)
    return {
      kind: "rotated",
      session: row,
      refreshToken: await refreshTokenFor(secret, { sessionId, generation: generation + 1 }),
    };
  const [session] = await db
    .select({ generation: sessions.refreshGeneration })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (session?.generation == null || session.generation <= generation) return { kind: "refused" };
  await closeD1Session(db, sessionId, now);
  return { kind: "reused" };
}

/**
 * A refresh token from before the numbered line (a random value whose hash the row keeps): the session
 * is moved into the line once, its hash kept, so that token, or one the old gateway rotated away (its
 * spent list), presented again still revokes the session. Remove, with the spent list, once no session
 * opened before the line is open (SESSION_TTL_DAYS after it went live).
 */
async function rotateLegacyToken(
  db: Database,
  secret: string,
  refreshToken: string,
  now: number,
): Promise<RotationResult> {
  const hash = await sha256Hex(refreshToken);
  const [row] = await db
    .update(sessions)
    .set({ refreshGeneration: 1, lastUsedAt: now })
    .where(and(eq(sessions.refreshHash, hash), isNull(sessions.refreshGeneration), isOpen(now)))
    .returning();
  if (row)
    return {
      kind: "rotated",
      session: row,
      refreshToken: await refreshTokenFor(secret, { sessionId: row.id, generation: 1 }),
    };
  const [moved] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.refreshHash, hash), isNotNull(sessions.refreshGeneration)));
  const sessionId = moved?.id ?? (await spentTokenSession(db, hash));
  if (!sessionId) return { kind: "refused" };
  await closeD1Session(db, sessionId, now);
  return { kind: "reused" };
}

async function spentTokenSession(db: Database, hash: string): Promise<string | null> {
  const [spent] = await db
    .select({ sessionId: spentRefreshTokens.sessionId })
    .from(spentRefreshTokens)
    .where(eq(spentRefreshTokens.hash, hash));
  return spent?.sessionId ?? null;
}

/** The session a refresh token from before the numbered line belongs to (its row or spent list), for logout. */
export async function d1SessionOfHashedToken(db: Database, refreshToken: string): Promise<string | null> {
  const hash = await sha256Hex(refreshToken);
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.refreshHash, hash));
  return row?.id ?? (await spentTokenSession(db, hash));
}

/**
 * Ends a session of this table, and writes it to `ended_sessions`, which the sign-in check reads for
 * a token that says when its session began (the ones this gateway issues, for these sessions too), in
 * one batch; a session not in the table (or already ended) is left as it is.
 */
export async function closeD1Session(db: Database, sessionId: string, now = Date.now()): Promise<void> {
  await runBatch(db, [
    raw(
      db,
      `INSERT INTO ended_sessions (session_id, expires_at)
       SELECT id, expires_at FROM sessions WHERE id = ? AND revoked_at IS NULL
       ON CONFLICT (session_id) DO NOTHING`,
      sessionId,
    ),
    raw(
      db,
      "UPDATE sessions SET revoked_at = ?, refresh_hash = NULL WHERE id = ? AND revoked_at IS NULL",
      now,
      sessionId,
    ),
  ]);
}

/** Ends every open session of the user in this table (the account's deletion), the same way. */
export async function closeD1SessionsOf(db: Database, userId: string, now = Date.now()): Promise<void> {
  await runBatch(db, [
    raw(
      db,
      `INSERT INTO ended_sessions (session_id, expires_at)
       SELECT id, expires_at FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?
       ON CONFLICT (session_id) DO NOTHING`,
      userId,
      now,
    ),
    raw(
      db,
      "UPDATE sessions SET revoked_at = ?, refresh_hash = NULL WHERE user_id = ? AND revoked_at IS NULL",
      now,
      userId,
    ),
  ]);
}

/**
 * Deletes sessions that ended before `endedBefore`: revoked then, or past their absolute end or their
 * idle timeout by then. A deleted session's tokens were already refused, so nothing that still works is
 * lost (and one presented later is refused, not taken for a reuse).
 */
export async function purgeEndedSessions(db: Database, endedBefore: number): Promise<number> {
  const ended = or(
    lt(sessions.revokedAt, endedBefore),
    lt(sessions.expiresAt, endedBefore),
    lt(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`, endedBefore - SESSION_IDLE_MS),
  );
  return ended ? deleteInChunks(db, sessions, ended) : 0;
}
