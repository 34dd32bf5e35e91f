// Auth API (spec §7 Auth, docs/contracts.md § Identity): verify, refresh, logout, the ModMe password gate,
// the sign-in code exchange, the development sign-in, and Google sign-in (routes/auth-google.ts).
// Every endpoint a cookie alone can drive takes JSON from this site only (auth/same-origin.ts).

import { requireAuth } from "@unbiased/worker-shared/auth/middleware";
import { verifyPassword } from "@unbiased/worker-shared/auth/passwords";
import { staff } from "@unbiased/worker-shared/auth/staff";
import { bearerToken, signToken, verifyToken } from "@unbiased/worker-shared/auth/tokens";
import { AUTH_MESSAGES, SIGN_IN_CALLBACK_PATH } from "@unbiased/worker-shared/contracts/auth";
import { DevSignInSchema, ModmeGateSchema, SignInExchangeSchema } from "@unbiased/worker-shared/contracts/auth.schema";
import { MODERATION_ACTIONS } from "@unbiased/worker-shared/contracts/moderation";
import { slugify } from "@unbiased/worker-shared/contracts/paths";
import { createDb, type Database } from "@unbiased/worker-shared/db/client";
import { ApiError, forbidden, notFound, unauthorized } from "@unbiased/worker-shared/http/errors";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { clientAddress } from "@unbiased/worker-shared/limits/client-address";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { consume, resetLimit, userLimitKey } from "@unbiased/worker-shared/limits/rate-limit";
import { logModeration } from "@unbiased/worker-shared/moderation-log";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import {
  clearRefreshCookie,
  clearSignInBinding,
  readRefreshCookie,
  readSignInBinding,
  setRefreshCookie,
  startSignInBinding,
} from "../auth/cookies.ts";
import { describeUser } from "../auth/describe-user.ts";
import { ADMIN_TOKEN_TTL_SECONDS, accessToken, signIn } from "../auth/issue.ts";
import { sameOriginJson } from "../auth/same-origin.ts";
import { consumeAddressLimit } from "../durable/address-limiter.ts";
import type { ApiEnv } from "../env.ts";
import { endSession, rotateRefreshToken, type SessionRef, sessionOfRefreshToken } from "../storage/sessions.ts";
import { issueSignInCode, redeemSignInCode } from "../storage/sign-in-codes.ts";
import { findUser, upsertUserByEmail } from "../storage/users.ts";
import { googleRoutes } from "./auth-google.ts";

export const authRoutes = new Hono<ApiEnv>();
authRoutes.route("/google", googleRoutes);

authRoutes.get("/verify", requireAuth({ allowBanned: true }), (c) => {
  const p = c.get("principal");
  return ok(c, {
    user: describeUser(c.env, {
      id: p.userId,
      name: p.name,
      email: p.email,
      picture: p.picture,
      role: p.role,
      createdAt: p.createdAt,
    }),
  });
});

/**
 * The refresh cookie only: no bearer path, so neither a stolen access token nor the ModMe admin
 * token can extend a session. Presenting an already-rotated token revokes the session (storage/sessions.ts).
 */
authRoutes.post("/refresh", sameOriginJson, async (c) => {
  const db = createDb(c.env.DB);
  await consumeAddressLimit(c.env, `refresh:${clientAddress(c.req.raw)}`, RATE_LIMITS.refresh);
  const cookie = readRefreshCookie(c);
  if (!cookie) throw unauthorized("Authentication required");
  const rotated = await rotateRefreshToken(c.env, db, cookie);
  if (rotated.kind !== "rotated") {
    clearRefreshCookie(c);
    throw unauthorized(AUTH_MESSAGES.sessionEnded);
  }
  setRefreshCookie(c, rotated.refreshToken);
  const { userId, sessionId, createdAt } = rotated;
  return ok(c, { token: await accessToken(c.env, { userId, sessionId, startedAt: createdAt }) });
});

/** The session named by a bearer token, even an expired one (its signature still has to hold). */
async function sessionOfBearer(env: Env, header: string | undefined): Promise<SessionRef | null> {
  const bearer = bearerToken(header);
  if (!bearer) return null;
  try {
    const claims = await verifyToken(env.AUTH_SECRET, bearer, { allowExpired: true });
    return { userId: claims.sub, sessionId: claims.sid };
  } catch {
    return null; // a bad token: fall back to the cookie
  }
}

/** Closes the session named by the refresh cookie or by the bearer token (expired or not). */
authRoutes.post("/logout", sameOriginJson, async (c) => {
  const db = createDb(c.env.DB);
  const cookie = readRefreshCookie(c);
  const fromCookie = cookie ? await sessionOfRefreshToken(c.env, db, cookie) : null;
  const fromBearer = await sessionOfBearer(c.env, c.req.header("Authorization"));
  // The bearer names its user; a cookie of a session kept in D1 does not (nor needs to).
  if (fromBearer) await endSession(c.env, db, fromBearer);
  if (fromCookie && fromCookie.sessionId !== fromBearer?.sessionId) await endSession(c.env, db, fromCookie);
  clearRefreshCookie(c);
  return ok(c, { loggedOut: true });
});

/**
 * The sign-in callback page trades its single-use code (with this browser's sign-in cookie) for the
 * session: the access token in the body and the refresh token in its cookie.
 */
authRoutes.post("/exchange", sameOriginJson, validate("json", SignInExchangeSchema), async (c) => {
  const { code } = c.req.valid("json");
  const binding = readSignInBinding(c);
  const db = createDb(c.env.DB);
  const userId = binding ? await redeemSignInCode(db, code, binding) : null;
  const user = userId ? await findUser(db, userId) : null;
  if (!user) throw unauthorized(AUTH_MESSAGES.codeRefused);
  clearSignInBinding(c);
  const token = await signIn(c, user.id);
  return ok(c, { user: describeUser(c.env, user), token });
});

/**
 * The ModMe password gate, checked on the server for a signed-in moderator or admin; issues the 24 h
 * admin token. Wrong passwords are 403 (not 401, which the client treats as signed out). Every try is
 * counted before the password is checked (one atomic upsert), so parallel tries cannot slip past the
 * limit of 5 per 15 min; the right password resets the count.
 */
authRoutes.post("/modme", staff, validate("json", ModmeGateSchema), async (c) => {
  const principal = c.get("principal");
  const { password } = c.req.valid("json");
  if (!c.env.MODME_PASSWORD_HASH) throw new ApiError(503, "The moderation gate is not configured");
  const db = createDb(c.env.DB);
  const limitKey = userLimitKey("modme-gate", principal.userId);
  await consume(db, limitKey, RATE_LIMITS.modmeGate);
  if (!(await verifyPassword(password, c.env.MODME_PASSWORD_HASH))) throw forbidden("Incorrect password");
  await resetLimit(db, limitKey);
  const adminToken = await signToken(
    c.env.AUTH_SECRET,
    { sub: principal.userId, sid: principal.sessionId, kind: "admin", sst: principal.sessionCreatedAt },
    ADMIN_TOKEN_TTL_SECONDS,
  );
  await logModeration(db, {
    actorId: principal.userId,
    action: MODERATION_ACTIONS.modmeLogin,
    targetType: "user",
    targetId: principal.userId,
  });
  return ok(c, { adminToken, expiresAt: new Date(Date.now() + ADMIN_TOKEN_TTL_SECONDS * 1000).toISOString() });
});

/**
 * The development sign-in exists only when ENVIRONMENT is "development", which only the local stack
 * runner sets (`wrangler dev --var`); the committed wrangler.toml says "production". A request that does not
 * come to a loopback host is refused as well, so a mis-set variable alone cannot open it.
 */
function devSignInEnabled(env: Env, url: string): boolean {
  const host = new URL(url).hostname;
  return env.ENVIRONMENT === "development" && (host === "127.0.0.1" || host === "localhost" || host === "[::1]");
}

/** Off means absent: a 404 before anything else is looked at. */
const devOnly = createMiddleware<ApiEnv>(async (c, next) => {
  if (!devSignInEnabled(c.env, c.req.url)) throw notFound(`No route for ${c.req.method} ${c.req.path}`);
  await next();
});

authRoutes.get("/dev", devOnly, (c) => ok(c, { enabled: true }));

async function devUser(db: Database, role: "user" | "moderator" | "admin", name: string | undefined) {
  const displayName = name ?? `Sample ${role.charAt(0).toUpperCase()}${role.slice(1)}`;
  return upsertUserByEmail(db, {
    email: `${slugify(displayName) || "user"}@dev.unbiased247.example`,
    name: displayName,
    role,
  });
}

/** For scripts and the benchmark (README's curl): the access token in the body. */
authRoutes.post("/dev", devOnly, sameOriginJson, validate("json", DevSignInSchema), async (c) => {
  const { role, name } = c.req.valid("json");
  const db = createDb(c.env.DB);
  const user = await devUser(db, role, name);
  const token = await signIn(c, user.id);
  return ok(c, { user: describeUser(c.env, user), token });
});

/**
 * For /login: the same path as Google's sign-in. This browser gets a sign-in cookie and the address
 * of the callback page with a single-use code, which the page exchanges at /api/auth/exchange.
 */
authRoutes.post("/dev/start", devOnly, sameOriginJson, validate("json", DevSignInSchema), async (c) => {
  const { role, name } = c.req.valid("json");
  const db = createDb(c.env.DB);
  const user = await devUser(db, role, name);
  const code = await issueSignInCode(db, user.id, startSignInBinding(c));
  return ok(c, { callbackUrl: `${SIGN_IN_CALLBACK_PATH}?${new URLSearchParams({ token: code })}` });
});
