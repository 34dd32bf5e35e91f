// The access rules of staff APIs, one definition for every worker (docs/contracts.md § Identity).
import { eq } from "drizzle-orm";
import { AUTH_MESSAGES, type Role } from "../contracts/auth.ts";
import { STAFF_TARGET_FORBIDDEN } from "../contracts/moderation.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { forbidden } from "../http/errors.ts";
import { RANK, requireAuth } from "./middleware.ts";
import type { Principal } from "./principal.ts";

/**
 * The staff guards, the one statement of who is staff (a moderator or an admin, read from D1 on each
 * request): each staff router applies one of them to all its routes. Staff tools on the article page
 * take the plain access token; admins only: hiding an article.
 */
export const staff = requireAuth({ role: "moderator" });
export const admins = requireAuth({ role: "admin", roleMessage: AUTH_MESSAGES.adminAccessRequired });
/** Every ModMe API: staff, with the 24 h admin token of the ModMe gate. */
export const modmeStaff = requireAuth({ role: "moderator", tokenKind: "admin" });
/** Operations on the data itself (a migration between stores): admins, with the ModMe gate's token. */
export const modmeAdmins = requireAuth({
  role: "admin",
  roleMessage: AUTH_MESSAGES.adminAccessRequired,
  tokenKind: "admin",
});

/**
 * The staff-on-staff rule: an action against a user or their content (ban, unban, reject, deactivate,
 * delete someone else's comment, adjust reputation) may only target a user of a LOWER role than the
 * actor, and never the actor themselves. A moderator cannot ban an admin or another moderator; an
 * admin cannot ban another admin (a rogue admin is the operators' matter: roles live in D1, and the
 * bootstrap list ADMIN_EMAILS restores an admin at sign-in). Throws 403; callers check before writing.
 */
export function assertMayActOn(actor: Pick<Principal, "userId" | "role">, target: { id: string; role: Role }): void {
  if (actor.userId === target.id || RANK[actor.role] <= RANK[target.role]) throw forbidden(STAFF_TARGET_FORBIDDEN);
}

/** The role of a user, read fresh from D1; null when there is no such user. */
export async function roleOf(db: Database, userId: string): Promise<Role | null> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role ?? null;
}

/** assertMayActOn for a target known by id (a user who no longer exists is no one's peer: allowed). */
export async function assertMayActOnUser(db: Database, actor: Pick<Principal, "userId" | "role">, targetId: string) {
  assertMayActOn(actor, { id: targetId, role: (await roleOf(db, targetId)) ?? "user" });
}
