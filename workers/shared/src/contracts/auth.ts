// Identity shapes, paths and messages shared by the workers and the UI (zod-free: the UI imports it
// at run time; the request schemas are in auth.schema.ts).

export const ROLES = ["user", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** GET /api/auth/verify → data.user */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  role: Role;
  createdAt: string;
}

/**
 * The user as every auth response shows it (verify, dev sign-in): the public fields plus whether the
 * UI shows the ModMe menu entry (configured allow-list AND a staff role; display only, the server
 * never trusts it for access).
 */
export interface SignedInUser extends PublicUser {
  modmeMenu: boolean;
}

/** Absolute lifetime of a session, from sign-in (the refresh cookie lives as long). */
export const SESSION_TTL_DAYS = 30;
/** The refresh token's cookie (HttpOnly, scoped to /api/auth): the only way to refresh a session. */
export const REFRESH_COOKIE = "unbiased_refresh";
/** A session not refreshed for this many days cannot be refreshed any more (idle timeout). */
export const SESSION_IDLE_DAYS = 7;

/**
 * Days a session's row (and the hashes of its rotated refresh tokens) is kept after the session has
 * ended (signed out, revoked, past its 30 days or its 7 idle days); the gateway's daily cron deletes it
 * then. The privacy page states the figure.
 */
export const ENDED_SESSION_RETENTION_DAYS = 30;

const DAY_MS = 24 * 3600_000;
/** The three above in milliseconds, as every check of a session counts them. */
export const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY_MS;
export const SESSION_IDLE_MS = SESSION_IDLE_DAYS * DAY_MS;
export const ENDED_SESSION_RETENTION_MS = ENDED_SESSION_RETENTION_DAYS * DAY_MS;

/** The sign-in callback page (spec §2); its `token` parameter carries a single-use sign-in code. */
export const SIGN_IN_CALLBACK_PATH = "/auth/google/callback";
/** POST {code} with the browser's sign-in cookie → {user, token} and the refresh cookie. */
export const SIGN_IN_EXCHANGE_PATH = "/api/auth/exchange";
/** POST {role, name?} (development only) → {callbackUrl}: the dev sign-in through the callback page. */
export const DEV_SIGN_IN_START_PATH = "/api/auth/dev/start";

export interface SignInExchangeRequest {
  code: string;
}
export interface SignInResponse {
  user: SignedInUser;
  token: string;
}
export interface DevSignInStartResponse {
  /** The callback page's address with the code, relative to the app's origin. */
  callbackUrl: string;
}

/** Who is staff (spec §6: only the values admin and moderator are checked): the one statement of it. */
export const isStaffRole = (role: Role | null | undefined): boolean => role === "moderator" || role === "admin";

export const AUTH_MESSAGES = {
  /** The exchange refused the code (unknown, used, expired or from another browser). */
  codeRefused: "Sign-in code is invalid or expired",
  /** What the callback page shows when the exchange fails (spec §2). */
  authenticationFailed: "Authentication failed",
  /** A ModMe API called without the ModMe gate's admin token, or an admin-only tool by a moderator (spec §8). */
  adminAccessRequired: "Admin access required",
  /** A staff route called by someone who is neither a moderator nor an admin (spec §6). */
  staffRequired: "Access denied. Admin or moderator role required.",
  sessionEnded: "Session has ended. Please log in again.",
} as const;
