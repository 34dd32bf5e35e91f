// Starting and reading the ModMe session (adminSession.ts): valid for 24 h from the gate's sign-in,
// then cleared. Only ModMe uses it, through web-shared's admin module (admin.ts).
import { ADMIN_LOGIN_TIME_KEY, ADMIN_TOKEN_KEY, clearAdminSession } from "./adminSession.ts";

export const ADMIN_SESSION_MS = 24 * 60 * 60 * 1000;

export function storeAdminSession(adminToken: string, now: number = Date.now()): void {
  localStorage.setItem(ADMIN_TOKEN_KEY, adminToken);
  localStorage.setItem(ADMIN_LOGIN_TIME_KEY, String(now));
}

/**
 * The admin token while the session is under 24 h old; otherwise null, and an expired or damaged
 * session is cleared so no page keeps sending a token the server will refuse. A login time in the
 * future (a changed clock) is treated as damaged rather than trusted.
 */
export function readAdminToken(now: number = Date.now()): string | null {
  const token = localStorage.getItem(ADMIN_TOKEN_KEY);
  const loginTime = Number(localStorage.getItem(ADMIN_LOGIN_TIME_KEY));
  const age = now - loginTime;
  if (token && Number.isFinite(loginTime) && loginTime > 0 && age >= 0 && age < ADMIN_SESSION_MS) return token;
  clearAdminSession();
  return null;
}

export const hasAdminSession = (now: number = Date.now()): boolean => readAdminToken(now) !== null;
