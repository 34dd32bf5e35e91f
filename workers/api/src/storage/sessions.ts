// Sessions: each sign-in opens one; access tokens carry its id and when it began; a rotating refresh
// token extends it; logout ends it, after which neither refresh nor any token carrying its id works.
// A session lives in its user's UserSessions object (durable/user-sessions.ts, ADR 022), which the
// refresh token names; sessions opened before the objects stay in D1 until they end (d1-sessions.ts).
import type { Database } from "@unbiased/worker-shared/db/client";
import { ApiError } from "@unbiased/worker-shared/http/errors";
import { readRefreshToken, refreshTokenFor } from "../auth/refresh-token.ts";
import { closeD1Session, closeD1SessionsOf, d1SessionOfHashedToken, rotateD1Session } from "./d1-sessions.ts";

export const userSessions = (env: Env, userId: string) => env.USER_SESSIONS.get(env.USER_SESSIONS.idFromName(userId));
export type UserSessionsStub = ReturnType<typeof userSessions>;

/** A session the gateway can end: the user's id says which object holds it, when it is in one. */
export interface SessionRef {
  userId?: string;
  sessionId: string;
}

/** A new session, or null when the account was deleted while the sign-in was on its way. */
export async function openSession(
  env: Env,
  userId: string,
  now = Date.now(),
): Promise<{ sessionId: string; createdAt: number; refreshToken: string } | null> {
  const sessionId = crypto.randomUUID();
  const opened = await userSessions(env, userId).open(sessionId, now);
  if (!opened) return null;
  const { createdAt } = opened;
  return {
    sessionId,
    createdAt,
    refreshToken: await refreshTokenFor(env.AUTH_SECRET, { userId, sessionId, generation: 0 }),
  };
}

export type RotationResult =
  | { kind: "rotated"; userId: string; sessionId: string; createdAt: number; refreshToken: string }
  /** An already-rotated token came back: the session has ended. */
  | { kind: "reused" }
  /** Unknown token, or its session has ended, expired or been idle too long. */
  | { kind: "refused" };

/** Swaps a refresh token for the next of its line (the session's store decides, one request at a time). */
export async function rotateRefreshToken(
  env: Env,
  db: Database,
  refreshToken: string,
  now = Date.now(),
): Promise<RotationResult> {
  const named = await readRefreshToken(env.AUTH_SECRET, refreshToken);
  if (named?.userId === undefined) {
    const rotated = await rotateD1Session(db, env.AUTH_SECRET, refreshToken, named, now);
    if (rotated.kind !== "rotated") return rotated;
    const { session } = rotated;
    return { ...rotated, userId: session.userId, sessionId: session.id, createdAt: session.createdAt };
  }
  const { userId, sessionId, generation } = named;
  const rotation = await userSessions(env, userId).rotate(sessionId, generation, now);
  if (rotation.kind !== "rotated") return rotation;
  const refreshed = await refreshTokenFor(env.AUTH_SECRET, { userId, sessionId, generation: generation + 1 });
  return { kind: "rotated", userId, sessionId, createdAt: rotation.createdAt, refreshToken: refreshed };
}

/** The session a refresh cookie belongs to (its current or an already-rotated token), for logout. */
export async function sessionOfRefreshToken(env: Env, db: Database, refreshToken: string): Promise<SessionRef | null> {
  const named = await readRefreshToken(env.AUTH_SECRET, refreshToken);
  if (named) return named.userId === undefined ? { sessionId: named.sessionId } : named;
  const sessionId = await d1SessionOfHashedToken(db, refreshToken);
  return sessionId ? { sessionId } : null;
}

/**
 * Ends a session wherever it is: in D1 when it is a session from before the objects (a token issued
 * for one says when it began, as the objects' do), and in its user's object when the user is known.
 */
export async function endSession(env: Env, db: Database, { userId, sessionId }: SessionRef): Promise<void> {
  if (userId !== undefined) {
    const { written } = await userSessions(env, userId).end(sessionId);
    if (!written) throw notWrittenYet();
  }
  await closeD1Session(db, sessionId);
}

/**
 * Ends every session of the user (the account's deletion): returns once D1's `ended_sessions` has
 * each, so from then on no token of them is taken by any worker; run again after a failure, it writes
 * them again.
 */
export async function endEverySession(env: Env, db: Database, userId: string): Promise<void> {
  const { written } = await userSessions(env, userId).endAll();
  if (!written) throw notWrittenYet();
  await closeD1SessionsOf(db, userId);
}

/**
 * The session has ended in its object, but D1 did not take it, so other workers may still take its
 * tokens until the object's alarm writes it (seconds): the caller is told to try again rather than
 * told it is done.
 */
const notWrittenYet = () =>
  new ApiError(503, "The session could not be ended everywhere yet. Please try again.", { "Retry-After": "10" });
