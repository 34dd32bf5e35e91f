// Who is calling: the token names the user; their role and ban are read fresh from D1 on every
// request that needs them, so a promotion, demotion or ban takes effect on the next request.
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { bans, sessions, users } from "../db/schema/index.ts";
import type { Role } from "../contracts/auth.ts";
import { unauthorized } from "../http/errors.ts";
import { verifyToken, type TokenKind } from "./tokens.ts";

export interface Principal {
  userId: string;
  sessionId: string;
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
  const [row] = await db
    .select({ user: users, sessionRevokedAt: sessions.revokedAt, sessionExpiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub)));
  if (!row || row.sessionRevokedAt !== null || row.sessionExpiresAt <= now)
    throw unauthorized("Session has ended. Please log in again.");
  const [activeBan] = await db
    .select({ id: bans.id })
    .from(bans)
    .where(and(eq(bans.userId, claims.sub), isNull(bans.liftedAt), or(isNull(bans.expiresAt), gt(bans.expiresAt, now))))
    .limit(1);
  return {
    userId: row.user.id,
    sessionId: claims.sid,
    tokenKind: claims.kind,
    name: row.user.name,
    email: row.user.email,
    picture: row.user.picture,
    role: row.user.role,
    createdAt: row.user.createdAt,
    banned: Boolean(activeBan),
  };
}
