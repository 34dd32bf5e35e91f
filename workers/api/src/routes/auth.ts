// Auth API (spec §7 Auth, docs/contracts.md § Identity): verify, refresh, logout, the ModMe password gate,
// the development sign-in, and Google sign-in (routes/auth-google.ts).
import { Hono } from "hono";
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";
import { DevSignInSchema } from "@unbiased/worker-shared/contracts/auth.schema";
import { requireAuth } from "@unbiased/worker-shared/auth/middleware";
import { verifyPassword } from "@unbiased/worker-shared/auth/passwords";
import { bearerToken, signToken, verifyToken } from "@unbiased/worker-shared/auth/tokens";
import { createDb } from "@unbiased/worker-shared/db/client";
import { ApiError, forbidden, notFound, unauthorized } from "@unbiased/worker-shared/http/errors";
import { ok } from "@unbiased/worker-shared/http/respond";
import { readJson } from "@unbiased/worker-shared/http/validate";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { assertUnder, hit, peek } from "@unbiased/worker-shared/limits/rate-limit";
import { logModeration } from "@unbiased/worker-shared/moderation-log";
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from "../auth/cookies.ts";
import { describeUser } from "../auth/describe-user.ts";
import { accessToken, ADMIN_TOKEN_TTL_SECONDS, signIn } from "../auth/issue.ts";
import { closeSession, reissueRefreshToken, rotateRefreshToken } from "../storage/sessions.ts";
import { upsertUserByEmail } from "../storage/users.ts";
import { googleRoutes } from "./auth-google.ts";
import type { ApiEnv } from "../env.ts";

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
 * Refresh with the HttpOnly cookie, or with a still-valid bearer token as the spec's client sends it.
 * Either way the session must still be open.
 */
authRoutes.post("/refresh", async (c) => {
  const db = createDb(c.env.DB);
  const cookie = readRefreshCookie(c);
  let rotated = cookie ? await rotateRefreshToken(db, cookie) : null;
  if (!rotated) {
    const bearer = bearerToken(c.req.header("Authorization"));
    if (!bearer) {
      clearRefreshCookie(c);
      throw unauthorized(cookie ? "Session has ended. Please log in again." : "Authentication required");
    }
    const claims = await verifyToken(c.env.AUTH_SECRET, bearer);
    rotated = await reissueRefreshToken(db, claims.sid);
    if (!rotated || rotated.session.userId !== claims.sub)
      throw unauthorized("Session has ended. Please log in again.");
  }
  setRefreshCookie(c, rotated.refreshToken);
  return ok(c, { token: await accessToken(c.env, rotated.session.userId, rotated.session.id) });
});

/** Closes the session named by the bearer token (even an expired one) or by the refresh cookie. */
authRoutes.post("/logout", async (c) => {
  const db = createDb(c.env.DB);
  const bearer = bearerToken(c.req.header("Authorization"));
  let sessionId: string | null = null;
  if (bearer) {
    try {
      sessionId = (await verifyToken(c.env.AUTH_SECRET, bearer)).sid;
    } catch {
      // An expired or bad token: fall back to the cookie.
    }
  }
  const cookie = readRefreshCookie(c);
  if (!sessionId && cookie) sessionId = (await rotateRefreshToken(db, cookie))?.session.id ?? null;
  if (sessionId) await closeSession(db, sessionId);
  clearRefreshCookie(c);
  return ok(c, { loggedOut: true });
});

const ModmeGateSchema = z.object({
  password: z.string({ message: "password is required" }).min(1, "password is required").max(200),
});

/**
 * The ModMe password gate, checked on the server for a signed-in moderator or admin; issues the 24 h
 * admin token. Wrong passwords are 403 (not 401, which the client treats as signed out), 5 per 15 min.
 */
authRoutes.post(
  "/modme",
  requireAuth({ role: "moderator", roleMessage: "Access denied. Admin or moderator role required." }),
  async (c) => {
    const principal = c.get("principal");
    const { password } = await readJson(c, ModmeGateSchema);
    if (!c.env.MODME_PASSWORD_HASH) throw new ApiError(503, "The moderation gate is not configured");
    const db = createDb(c.env.DB);
    const limitKey = `modme-gate:${principal.userId}`;
    assertUnder(await peek(db, limitKey), RATE_LIMITS.modmeGate);
    if (!(await verifyPassword(password, c.env.MODME_PASSWORD_HASH))) {
      await hit(db, limitKey, RATE_LIMITS.modmeGate);
      throw forbidden("Incorrect password");
    }
    const adminToken = await signToken(
      c.env.AUTH_SECRET,
      { sub: principal.userId, sid: principal.sessionId, kind: "admin" },
      ADMIN_TOKEN_TTL_SECONDS,
    );
    await logModeration(db, {
      actorId: principal.userId,
      action: "modme.login",
      targetType: "user",
      targetId: principal.userId,
    });
    return ok(c, { adminToken, expiresAt: new Date(Date.now() + ADMIN_TOKEN_TTL_SECONDS * 1000).toISOString() });
  },
);

/**
 * The development sign-in exists only when ENVIRONMENT is "development", which only the local stack
 * runner sets (`wrangler dev --var`); the committed wrangler.toml says "production". A request that does not
 * come to a loopback host is refused as well, so a mis-set variable alone cannot open it.
 */
function devSignInEnabled(env: Env, url: string): boolean {
  const host = new URL(url).hostname;
  return env.ENVIRONMENT === "development" && (host === "127.0.0.1" || host === "localhost" || host === "[::1]");
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "user";

authRoutes.get("/dev", (c) => {
  if (!devSignInEnabled(c.env, c.req.url)) throw notFound(`No route for ${c.req.method} ${c.req.path}`);
  return ok(c, { enabled: true });
});

authRoutes.post("/dev", async (c) => {
  if (!devSignInEnabled(c.env, c.req.url)) throw notFound(`No route for ${c.req.method} ${c.req.path}`);
  const { role, name } = await readJson(c, DevSignInSchema);
  const displayName = name ?? `Sample ${role[0]!.toUpperCase()}${role.slice(1)}`;
  const db = createDb(c.env.DB);
  const user = await upsertUserByEmail(db, {
    email: `${slug(displayName)}@dev.unbiased247.example`,
    name: displayName,
    role,
  });
  const token = await signIn(c, db, user.id);
  return ok(c, { user: describeUser(c.env, user), token });
});
