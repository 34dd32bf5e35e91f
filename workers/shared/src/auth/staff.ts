// The access rules of staff APIs, one definition for every worker (docs/contracts.md § Identity).
import { requireAuth } from "./middleware.ts";

/** Every ModMe API: a moderator or admin role, read from D1 on each request, and the 24 h admin token. */
export const modmeStaff = requireAuth({ role: "moderator", tokenKind: "admin" });
/** ModMe APIs only admins may use (permanent deletion), with the same admin token. */
export const modmeAdmin = requireAuth({ role: "admin", tokenKind: "admin", roleMessage: "Admin access required" });
