// Access tokens live 15 minutes (server: auth/issue.ts), so a long visit outlives several of them.
// This module trades the refresh cookie for a new one, and says when the server has ended the
// session (spec §4: "A token refresh replaces the stored token. A failed refresh logs out.").
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";
import { clearToken, readToken, storeToken } from "../auth/tokenStorage.ts";
import { isUnauthorized, send } from "./http.ts";

const REFRESH_PATH = "/api/auth/refresh";
/** The Web Lock every tab of this origin takes around a refresh. */
export const REFRESH_LOCK = "unbiased-token-refresh";

const sessionEndedListeners = new Set<() => void>();
let inFlight: Promise<string | null> | null = null;

/** Runs `listener` whenever the server refuses a refresh; returns the unsubscribe function. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * A new access token, stored in place of the old one. The request carries the refresh cookie only
 * (the server takes nothing else) and a JSON body: the server refuses non-JSON posts (CSRF). Concurrent callers share one request: the server
 * rotates the refresh cookie on every use, so a second parallel refresh would present a spent one.
 *
 * Resolves to null after a refusal (401: the stored token is cleared and listeners are told) or when
 * the server could not be reached (nothing is cleared: the session may be fine).
 */
export function refreshAccessToken(): Promise<string | null> {
  inFlight ??= refreshOneTabAtATime().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * Tabs share the refresh cookie and the stored token, but not `inFlight`. Two tabs refreshing at
 * once (a browser restoring several tabs after the access token expired) would present the same
 * refresh token twice, and the server takes the second as a stolen token and ends the session. A
 * Web Lock lets one tab refresh at a time; a tab that waited finds the token the other one stored
 * and uses it without a request. Where Web Locks are missing, each tab refreshes on its own.
 */
async function refreshOneTabAtATime(): Promise<string | null> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return requestRefresh();
  const before = readToken();
  return locks.request(REFRESH_LOCK, async () => {
    const stored = readToken();
    if (stored && stored !== before) return stored;
    return requestRefresh();
  });
}

async function requestRefresh(): Promise<string | null> {
  const sent = readToken();
  // A login while the request is out replaces the session: the answer, either way, is about the
  // old one and must neither overwrite nor clear the new token.
  const replaced = () => readToken() !== sent;
  try {
    const body = await send<ApiSuccess<{ token: string }>>(REFRESH_PATH, {
      method: "POST",
      body: {},
      credentials: "include",
    });
    if (replaced()) return readToken();
    storeToken(body.data.token);
    return body.data.token;
  } catch (error) {
    if (isUnauthorized(error) && !replaced()) {
      clearToken();
      for (const listener of sessionEndedListeners) listener();
    }
    return null;
  }
}
