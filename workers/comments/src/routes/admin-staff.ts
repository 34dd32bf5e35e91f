// The one access rule of every ModMe API (docs/contracts.md § Identity): a moderator or admin role,
// read from D1 on each request, and the 24 h admin token from the password gate.
import { requireAuth } from "@unbiased/worker-shared/auth/middleware";

export const modmeStaff = requireAuth({ role: "moderator", tokenKind: "admin" });
export const modmeAdmin = requireAuth({ role: "admin", tokenKind: "admin", roleMessage: "Admin access required" });
