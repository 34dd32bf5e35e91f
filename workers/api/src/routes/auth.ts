// Auth API. The identity issue adds Google sign-in, refresh, logout and the ModMe gate; this holds
// token verification and the development sign-in that lets a person try every role locally.
import { Hono } from "hono";
import { DevSignInSchema } from "@unbiased/worker-shared/contracts/auth";
import { requireAuth, type AuthVariables } from "@unbiased/worker-shared/auth/middleware";
import { signToken } from "@unbiased/worker-shared/auth/tokens";
import { createDb } from "@unbiased/worker-shared/db/client";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { ok } from "@unbiased/worker-shared/http/respond";
import { readJson } from "@unbiased/worker-shared/http/validate";
import { openSession, toPublicUser, upsertUserByEmail } from "../storage/users.ts";
import type { ApiEnv } from "../index.ts";

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export const authRoutes = new Hono<ApiEnv & { Variables: AuthVariables }>();

/**
 * The development sign-in exists only when ENVIRONMENT is "development", which only .dev.vars sets
 * (written by `npm start`); the committed wrangler.toml says "production". A request that does not
 * come to a loopback host is refused as well, so a mis-set variable alone cannot open it.
 */
function devSignInEnabled(env: Env, url: string): boolean {
  const host = new URL(url).hostname;
  return env.ENVIRONMENT === "development" && (host === "127.0.0.1" || host === "localhost" || host === "[::1]");
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "user";

authRoutes.get("/dev", (c) => {
  if (!devSignInEnabled(c.env, c.req.url)) throw notFound(`No route for ${c.req.method} ${c.req.path}`);
  return ok(c, { enabled: true });
});

authRoutes.post("/dev", async (c) => {
  if (!devSignInEnabled(c.env, c.req.url)) throw notFound(`No route for ${c.req.method} ${c.req.path}`);
  const { role, name } = await readJson(c, DevSignInSchema);
  const displayName = name ?? `Sample ${role[0]!.toUpperCase()}${role.slice(1)}`;
  const db = createDb(c.env.DB);
  const user = await upsertUserByEmail(db, { email: `${slug(displayName)}@dev.unbiased247.example`, name: displayName, role });
  const sessionId = await openSession(db, user.id);
  const token = await signToken(c.env.AUTH_SECRET, { sub: user.id, sid: sessionId, kind: "access" }, ACCESS_TOKEN_TTL_SECONDS);
  return ok(c, { user: toPublicUser(user), token });
});

authRoutes.get("/verify", requireAuth({ allowBanned: true }), (c) => {
  const p = c.get("principal");
  return ok(c, { user: toPublicUser({ id: p.userId, name: p.name, email: p.email, picture: p.picture, role: p.role, createdAt: p.createdAt }) });
});
