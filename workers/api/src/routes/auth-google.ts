// Google sign-in: the redirect flow (start → Google → callback → front end with ?token=) and the
// spec's POST /api/auth/google {idToken}.
import { Hono } from "hono";
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";
import { createDb } from "@unbiased/worker-shared/db/client";
import { ok } from "@unbiased/worker-shared/http/respond";
import { readJson } from "@unbiased/worker-shared/http/validate";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { consume } from "@unbiased/worker-shared/limits/rate-limit";
import { setFlowCookies, takeFlowCookies } from "../auth/cookies.ts";
import { buildAuthorizationUrl, exchangeCode, oidcConfig, verifyIdToken } from "../auth/google.ts";
import { emailList, signIn } from "../auth/issue.ts";
import { describeUser } from "../auth/describe-user.ts";
import { upsertGoogleUser } from "../storage/users.ts";
import type { ApiEnv } from "../env.ts";

export const googleRoutes = new Hono<ApiEnv>();

const clientAddress = (req: Request) => req.headers.get("CF-Connecting-IP") ?? "local";

googleRoutes.get("/start", (c) => {
  const flow = buildAuthorizationUrl(oidcConfig(c.env));
  setFlowCookies(c, flow);
  return c.redirect(flow.url.href, 302);
});

/** Where the front end's callback page lives (spec §2); it reads ?token= or shows the failure. */
const frontEndCallback = (env: Env, params: Record<string, string>) => {
  const url = new URL("/auth/google/callback", env.APP_ORIGIN);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
};

googleRoutes.get("/callback", async (c) => {
  const config = oidcConfig(c.env);
  const saved = takeFlowCookies(c);
  const code = c.req.query("code");
  const state = c.req.query("state");
  if (!code || !state || !saved.state || state !== saved.state || !saved.codeVerifier || !saved.nonce) {
    return c.redirect(frontEndCallback(c.env, { error: "login_failed" }), 302);
  }
  try {
    const db = createDb(c.env.DB);
    await consume(db, `sign-in:${clientAddress(c.req.raw)}`, RATE_LIMITS.signIn);
    const idToken = await exchangeCode(config, code, saved.codeVerifier);
    const identity = await verifyIdToken(config, idToken, saved.nonce);
    const user = await upsertGoogleUser(db, identity, emailList(c.env.ADMIN_EMAILS));
    const token = await signIn(c, db, user.id);
    return c.redirect(frontEndCallback(c.env, { token }), 302);
  } catch (err) {
    console.error("Google callback failed:", err instanceof Error ? err.message : err);
    return c.redirect(frontEndCallback(c.env, { error: "login_failed" }), 302);
  }
});

const IdTokenSchema = z.object({
  idToken: z.string({ message: "idToken is required" }).min(20, "idToken is required"),
});

googleRoutes.post("/", async (c) => {
  const config = oidcConfig(c.env);
  const { idToken } = await readJson(c, IdTokenSchema);
  const db = createDb(c.env.DB);
  await consume(db, `sign-in:${clientAddress(c.req.raw)}`, RATE_LIMITS.signIn);
  const identity = await verifyIdToken(config, idToken);
  const user = await upsertGoogleUser(db, identity, emailList(c.env.ADMIN_EMAILS));
  const token = await signIn(c, db, user.id);
  return ok(c, { user: describeUser(c.env, user), token });
});
