// Google sign-in: the redirect flow (start → Google → callback → the front end's callback page with a
// single-use code in ?token=, exchanged at POST /api/auth/exchange) and the spec's
// POST /api/auth/google {idToken}, whose ID token must carry a nonce this server issued to this browser.

import { SIGN_IN_CALLBACK_PATH } from "@unbiased/worker-shared/contracts/auth";
import { IdTokenSchema } from "@unbiased/worker-shared/contracts/auth.schema";
import { createDb } from "@unbiased/worker-shared/db/client";
import { unauthorized } from "@unbiased/worker-shared/http/errors";
import { ok } from "@unbiased/worker-shared/http/respond";
import { validate } from "@unbiased/worker-shared/http/validator";
import { clientAddress } from "@unbiased/worker-shared/limits/client-address";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { consume } from "@unbiased/worker-shared/limits/rate-limit";
import { Hono } from "hono";
import {
  readSignInBinding,
  setFlowCookies,
  setGoogleNonce,
  startSignInBinding,
  takeFlowCookies,
  takeGoogleNonce,
} from "../auth/cookies.ts";
import { describeUser } from "../auth/describe-user.ts";
import { buildAuthorizationUrl, exchangeCode, oidcConfig, verifyIdToken } from "../auth/google.ts";
import { emailList, signIn } from "../auth/issue.ts";
import { randomToken } from "../auth/random.ts";
import { sameOriginJson } from "../auth/same-origin.ts";
import type { ApiEnv } from "../env.ts";
import { issueSignInCode } from "../storage/sign-in-codes.ts";
import { upsertGoogleUser } from "../storage/users.ts";

export const googleRoutes = new Hono<ApiEnv>();

googleRoutes.get("/start", (c) => {
  const flow = buildAuthorizationUrl(oidcConfig(c.env));
  setFlowCookies(c, flow);
  startSignInBinding(c);
  return c.redirect(flow.url.href, 302);
});

/** Where the front end's callback page lives (spec §2); it exchanges ?token= or shows the failure. */
const frontEndCallback = (env: Env, params: Record<string, string>) => {
  const url = new URL(SIGN_IN_CALLBACK_PATH, env.APP_ORIGIN);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
};

googleRoutes.get("/callback", async (c) => {
  const config = oidcConfig(c.env);
  const saved = takeFlowCookies(c);
  const binding = readSignInBinding(c);
  const code = c.req.query("code");
  const state = c.req.query("state");
  if (!code || !state || !saved.state || state !== saved.state || !saved.codeVerifier || !saved.nonce || !binding) {
    return c.redirect(frontEndCallback(c.env, { error: "login_failed" }), 302);
  }
  try {
    const db = createDb(c.env.DB);
    await consume(db, `sign-in:${clientAddress(c.req.raw)}`, RATE_LIMITS.signIn);
    const idToken = await exchangeCode(config, code, saved.codeVerifier);
    const identity = await verifyIdToken(config, idToken, saved.nonce);
    const user = await upsertGoogleUser(db, identity, emailList(c.env.ADMIN_EMAILS));
    // Never a bearer token in the address: a code that only this browser can redeem, once, for a minute.
    const signInCode = await issueSignInCode(db, user.id, binding);
    return c.redirect(frontEndCallback(c.env, { token: signInCode }), 302);
  } catch (err) {
    console.error("Google callback failed:", err instanceof Error ? err.message : err);
    return c.redirect(frontEndCallback(c.env, { error: "login_failed" }), 302);
  }
});

/** A nonce for the ID token of POST /api/auth/google (Google's client library puts it in the token). */
googleRoutes.get("/nonce", (c) => {
  const nonce = randomToken();
  setGoogleNonce(c, nonce);
  c.header("Cache-Control", "no-store");
  return ok(c, { nonce });
});

googleRoutes.post("/", sameOriginJson, validate("json", IdTokenSchema), async (c) => {
  const config = oidcConfig(c.env);
  const { idToken } = c.req.valid("json");
  const nonce = takeGoogleNonce(c);
  const db = createDb(c.env.DB);
  await consume(db, `sign-in:${clientAddress(c.req.raw)}`, RATE_LIMITS.signIn);
  // Without an issued nonce an ID token taken from anywhere else could be replayed here.
  if (!nonce) throw unauthorized("Invalid ID token");
  const identity = await verifyIdToken(config, idToken, nonce);
  const user = await upsertGoogleUser(db, identity, emailList(c.env.ADMIN_EMAILS));
  const token = await signIn(c, user.id);
  return ok(c, { user: describeUser(c.env, user), token });
});
