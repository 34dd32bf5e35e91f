// Who is calling: the token names the user and their session; their role and ban, and whether the
// session ended early, are read fresh from D1 on every request that needs them, so a promotion,
// demotion, ban or sign-out takes effect on the next request.
import { and, eq, type SQLWrapper, sql } from "drizzle-orm";
import { type Role, SESSION_TTL_MS } from "../contracts/auth.ts";
import type { Database } from "../db/client.ts";
import { bans, endedSessions, sessions, users } from "../db/schema/index.ts";
import { unauthorized } from "../http/errors.ts";
import { type TokenClaims, type TokenKind, verifyToken } from "./tokens.ts";

export interface Principal {
  userId: string;
  sessionId: string;
  /** When the session's sign-in happened (deleting the account needs a recent one). */
  sessionCreatedAt: number;
  tokenKind: TokenKind;
  name: string;
  email: string;
  picture: string | null;
  role: Role;
  createdAt: number;
  banned: boolean;
}

export async function loadPrincipal(db: Database, secret: string, token: string): Promise<Principal> {
  const claims = await verifyToken(secret, token);
  const now = Date.now();
  const row = claims.sst === undefined ? await legacySessionRow(db, claims, now) : await sessionRow(db, claims, now);
  if (!row) throw unauthorized("Session has ended. Please log in again.");
  return {
    userId: row.user.id,
    sessionId: claims.sid,
    sessionCreatedAt: row.sessionCreatedAt,
    tokenKind: claims.kind,
    name: row.user.name,
    email: row.user.email,
    picture: row.user.picture,
    role: row.user.role,
    createdAt: row.user.createdAt,
    banned: Boolean(row.banned),
  };
}

/**
 * Whether the user has an active ban. `userId` is a value or a column: a column of a single-table
 * query would be written unqualified, which inside this subquery names bans' own column, so the
 * one-table statement below passes the id itself.
 */
const activeBan = (userId: SQLWrapper | string, now: number) =>
  sql<number>`EXISTS (SELECT 1 FROM ${bans} WHERE ${bans.userId} = ${userId} AND ${bans.liftedAt} IS NULL AND (${bans.expiresAt} IS NULL OR ${bans.expiresAt} > ${now}))`;

type SessionRow = { user: typeof users.$inferSelect; sessionCreatedAt: number; banned: number };

/**
 * A session kept in its user's UserSessions object (ADR 022): the token says when it began, so its
 * absolute end needs no read; whether it ended early is one lookup in `ended_sessions`, made in the
 * statement that reads the user (role) and their ban, so a request still pays one D1 round trip.
 */
async function sessionRow(db: Database, claims: TokenClaims, now: number): Promise<SessionRow | null> {
  const startedAt = claims.sst as number;
  if (startedAt + SESSION_TTL_MS <= now) return null;
  const [row] = await db
    .select({
      user: users,
      banned: activeBan(claims.sub, now),
      ended: sql<number>`EXISTS (SELECT 1 FROM ${endedSessions} WHERE ${endedSessions.sessionId} = ${claims.sid})`,
    })
    .from(users)
    .where(eq(users.id, claims.sub));
  return row && !row.ended ? { user: row.user, sessionCreatedAt: startedAt, banned: row.banned } : null;
}

/**
 * A session still in D1's `sessions` table, from before the objects: its row says whether it is open.
 * Read while such a session can be open (SESSION_TTL_DAYS after the objects went live), then removed.
 */
async function legacySessionRow(db: Database, claims: TokenClaims, now: number): Promise<SessionRow | null> {
  // Session, user (role) and active ban in one statement: every authenticated request pays one D1
  // round trip instead of two (the votes benchmark's main cost locally).
  const [row] = await db
    .select({
      user: users,
      sessionRevokedAt: sessions.revokedAt,
      sessionCreatedAt: sessions.createdAt,
      sessionExpiresAt: sessions.expiresAt,
      banned: activeBan(users.id, now),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub)));
  if (!row || row.sessionRevokedAt !== null || row.sessionExpiresAt <= now) return null;
  return row;
}
