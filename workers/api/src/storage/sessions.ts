// Sessions: each sign-in opens one; access tokens carry its id; a rotating refresh token (stored
// only as a SHA-256 hash) extends it; logout closes it, after which neither refresh nor any token
// carrying its id works.
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "@unbiased/worker-shared/db/client";
import { sessions } from "@unbiased/worker-shared/db/schema/index";

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const newRefreshToken = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));

export async function openSession(
  db: Database,
  userId: string,
  now = Date.now(),
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = crypto.randomUUID();
  const refreshToken = newRefreshToken();
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    refreshHash: await sha256Hex(refreshToken),
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
  });
  return { sessionId, refreshToken };
}

const isOpen = (now: number) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

export async function findOpenSession(db: Database, sessionId: string, now = Date.now()) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isOpen(now)));
  return row ?? null;
}

/** Swaps a refresh token for a new one; null when the token is unknown, already used, or its session closed. */
export async function rotateRefreshToken(db: Database, refreshToken: string, now = Date.now()) {
  const next = newRefreshToken();
  const [row] = await db
    .update(sessions)
    .set({ refreshHash: await sha256Hex(next) })
    .where(and(eq(sessions.refreshHash, await sha256Hex(refreshToken)), isOpen(now)))
    .returning();
  return row ? { session: row, refreshToken: next } : null;
}

/** Issues a fresh refresh token for a session that is still open (refresh with a valid bearer token). */
export async function reissueRefreshToken(db: Database, sessionId: string, now = Date.now()) {
  const next = newRefreshToken();
  const [row] = await db
    .update(sessions)
    .set({ refreshHash: await sha256Hex(next) })
    .where(and(eq(sessions.id, sessionId), isOpen(now)))
    .returning();
  return row ? { session: row, refreshToken: next } : null;
}

export async function closeSession(db: Database, sessionId: string, now = Date.now()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now, refreshHash: null }).where(eq(sessions.id, sessionId));
}
