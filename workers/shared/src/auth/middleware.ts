// The one access rule every worker applies: signed in, role at least X, not banned
// (spec §6, docs/contracts.md § Identity).
import { createMiddleware } from "hono/factory";
import { AUTH_MESSAGES, type Role } from "../contracts/auth.ts";
import { createDb } from "../db/client.ts";
import { forbidden, unauthorized } from "../http/errors.ts";
import { loadPrincipal, type Principal } from "./principal.ts";
import { bearerToken } from "./tokens.ts";

export interface AuthBindings {
  DB: D1Database;
  AUTH_SECRET: string;
}
export interface AuthVariables {
  principal: Principal;
}

/** Roles in order of power: a rule for "at least moderator" compares ranks. */
export const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };

export interface AccessRule {
  /** Lowest role allowed; defaults to any signed-in user. */
  role?: Role;
  /** Writes refuse banned users; reading one's own data does not. */
  allowBanned?: boolean;
  /** Message when the role is too low (the spec's wording for the route). */
  roleMessage?: string;
  /**
   * "admin": a ModMe API, which takes only the 24 h admin token from the password gate
   * (docs/contracts.md § Identity). Default: either token kind.
   */
  tokenKind?: "admin";
}

/** The 403 of a banned user's write (they may still sign in and read). */
export const BANNED_MESSAGE = "Your account is banned from this action";

export const requireAuth = (rule: AccessRule = {}) =>
  createMiddleware<{ Bindings: AuthBindings; Variables: AuthVariables }>(async (c, next) => {
    const token = bearerToken(c.req.header("Authorization"));
    if (!token) throw unauthorized("Authentication required");
    const principal = await loadPrincipal(createDb(c.env.DB), c.env.AUTH_SECRET, token);
    if (rule.role && RANK[principal.role] < RANK[rule.role]) {
      throw forbidden(rule.roleMessage ?? AUTH_MESSAGES.staffRequired);
    }
    if (rule.tokenKind === "admin" && principal.tokenKind !== "admin")
      throw forbidden(AUTH_MESSAGES.adminAccessRequired);
    if (principal.banned && !rule.allowBanned) throw forbidden(BANNED_MESSAGE);
    c.set("principal", principal);
    await next();
  });
