import { Navigate, Outlet } from "@unbiased/web-shared";
import { hasAdminSession } from "@unbiased/web-shared/admin";

/**
 * The ModMe tools behind the password gate (spec §2, §4 "Admin session"): without an admin session
 * under 24 h old, back to /modme/login. hasAdminSession clears an expired one as it checks.
 */
export function RequireAdminSession() {
  return hasAdminSession() ? <Outlet /> : <Navigate to="/modme/login" replace />;
}
