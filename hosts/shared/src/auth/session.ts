// The auth calls behind AuthProvider (spec §7 Auth): verify a token, restore the session on start,
// close it on logout.
import {
  SIGN_IN_EXCHANGE_PATH,
  type SignedInUser,
  type SignInExchangeRequest,
  type SignInResponse,
} from "@unbiased/worker-shared/contracts/auth";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";
import { isUnauthorized, send } from "../api/http.ts";
import { refreshAccessToken } from "../api/refresh.ts";
import { clearToken, readToken } from "./tokenStorage.ts";

export async function verifyUser(token: string | null, signal?: AbortSignal): Promise<SignedInUser> {
  const body = await send<ApiSuccess<{ user: SignedInUser }>>("/api/auth/verify", { token, signal });
  return body.data.user;
}

/**
 * Spec §4: on start the stored token is verified. A 401 may only mean the 15-minute access token
 * expired while the refresh cookie is still good, so one refresh is tried before giving up; then
 * the token is cleared (the user is logged out). Network or server trouble is no verdict on the
 * token: it is kept for the next visit and the error is rethrown.
 */
export async function restoreSession(signal: AbortSignal): Promise<SignedInUser | null> {
  try {
    return await verifyUser(readToken(), signal);
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
  }
  // From here on, a login() that took over (abort) owns the stored token: leave it alone.
  signal.throwIfAborted();
  const fresh = await refreshAccessToken();
  signal.throwIfAborted();
  if (fresh) {
    try {
      return await verifyUser(fresh, signal);
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
    }
  }
  signal.throwIfAborted();
  clearToken();
  return null;
}

/** Closes the session on the server. The UI logs out whatever the answer, so failures are ignored. */
export function logoutOnServer(token: string | null): void {
  send("/api/auth/logout", { method: "POST", body: {}, token, credentials: "include" }).catch(() => {});
}

/**
 * The sign-in callback's single-use code, traded for the access token (the refresh cookie comes with
 * the answer). The browser's sign-in cookie must go along: the code is bound to it.
 */
export async function exchangeSignInCode(code: string): Promise<string> {
  const request: SignInExchangeRequest = { code };
  const body = await send<ApiSuccess<SignInResponse>>(SIGN_IN_EXCHANGE_PATH, {
    method: "POST",
    body: request,
    credentials: "include",
  });
  return body.data.token;
}
