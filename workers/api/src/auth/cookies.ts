// Short-lived, browser-bound cookies for the sign-in flow and the refresh token.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SESSION_TTL_MS } from "../storage/sessions.ts";

const base = { httpOnly: true, secure: true, sameSite: "Lax" } as const;

export const REFRESH_COOKIE = "unbiased_refresh";
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
  setCookie(c, REFRESH_COOKIE, token, { ...base, path: "/api/auth", maxAge: Math.floor(SESSION_TTL_MS / 1000) });
}

export const readRefreshCookie = (c: Context) => getCookie(c, REFRESH_COOKIE);

export function clearRefreshCookie(c: Context) {
  deleteCookie(c, REFRESH_COOKIE, { ...base, path: "/api/auth" });
}
