// Short-lived, browser-bound cookies for the sign-in flow and the refresh token.

import { REFRESH_COOKIE, SESSION_TTL_MS } from "@unbiased/worker-shared/contracts/auth";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { randomToken } from "./random.ts";

const base = { httpOnly: true, secure: true, sameSite: "Lax" } as const;

/** Names the browser that started a sign-in; the callback code is only good together with it. */
export const SIGN_IN_COOKIE = "unbiased_signin";
const AUTH_PATH = "/api/auth";
/** The nonce POST /api/auth/google expects in the ID token (issued by GET /api/auth/google/nonce). */
const GOOGLE_NONCE_COOKIE = "google_nonce";
const FLOW_COOKIES = { state: "oauth_state", verifier: "oauth_verifier", nonce: "oauth_nonce" } as const;
const FLOW_PATH = "/api/auth/google";

export function setFlowCookies(c: Context, values: { state: string; codeVerifier: string; nonce: string }) {
  const options = { ...base, path: FLOW_PATH, maxAge: 600 };
  setCookie(c, FLOW_COOKIES.state, values.state, options);
  setCookie(c, FLOW_COOKIES.verifier, values.codeVerifier, options);
  setCookie(c, FLOW_COOKIES.nonce, values.nonce, options);
}

/** Reads and clears the flow cookies: each is good for one callback only. */
export function takeFlowCookies(c: Context) {
  const values = {
    state: getCookie(c, FLOW_COOKIES.state),
    codeVerifier: getCookie(c, FLOW_COOKIES.verifier),
    nonce: getCookie(c, FLOW_COOKIES.nonce),
  };
  for (const name of Object.values(FLOW_COOKIES)) deleteCookie(c, name, { ...base, path: FLOW_PATH });
  return values;
}

export function setRefreshCookie(c: Context, token: string) {
  setCookie(c, REFRESH_COOKIE, token, { ...base, path: AUTH_PATH, maxAge: SESSION_TTL_MS / 1000 });
}

export const readRefreshCookie = (c: Context) => getCookie(c, REFRESH_COOKIE);

/** Only a request that carried the cookie may clear it: a cookie-less (e.g. cross-site) call must not log anyone out. */
export function clearRefreshCookie(c: Context) {
  if (readRefreshCookie(c) !== undefined) deleteCookie(c, REFRESH_COOKIE, { ...base, path: AUTH_PATH });
}

/** Starts a sign-in in this browser: a fresh random binding, returned for hashing into the code. */
export function startSignInBinding(c: Context): string {
  const binding = randomToken();
  setCookie(c, SIGN_IN_COOKIE, binding, { ...base, path: AUTH_PATH, maxAge: 600 });
  return binding;
}

export const readSignInBinding = (c: Context) => getCookie(c, SIGN_IN_COOKIE);

export function clearSignInBinding(c: Context) {
  if (readSignInBinding(c) !== undefined) deleteCookie(c, SIGN_IN_COOKIE, { ...base, path: AUTH_PATH });
}

export function setGoogleNonce(c: Context, nonce: string) {
  setCookie(c, GOOGLE_NONCE_COOKIE, nonce, { ...base, path: FLOW_PATH, maxAge: 600 });
}

/** Reads and clears the issued nonce: each is good for one ID token. */
export function takeGoogleNonce(c: Context): string | undefined {
  const nonce = getCookie(c, GOOGLE_NONCE_COOKIE);
  if (nonce !== undefined) deleteCookie(c, GOOGLE_NONCE_COOKIE, { ...base, path: FLOW_PATH });
  return nonce;
}
