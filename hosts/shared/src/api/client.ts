// The API client every app uses for the three back-end services. apiFetch sends the reader's
// token and, when it has expired, refreshes it once and retries (ModMe's admin calls: adminFetch.ts).
// It returns the success envelope or throws ApiRequestError.
import { readToken } from "../auth/tokenStorage.ts";
import { type ApiRequestOptions, isUnauthorized, send } from "./http.ts";
import { refreshAccessToken } from "./refresh.ts";

export { ApiRequestError, type ApiRequestOptions, serviceUrl } from "./http.ts";

/** A 401 from these is a verdict on the token itself: refreshing and retrying them would loop. */
const TOKEN_PATHS = new Set(["/api/auth/verify", "/api/auth/refresh", "/api/auth/logout"]);

/**
 * Calls `path` with the stored bearer token. A 401 on a signed-in call means the 15-minute access
 * token expired: refresh once and retry once. If the refresh is refused, the session has ended and
 * refresh.ts tells the auth state to log out.
 */
export async function apiFetch<T extends { success: true }>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const token = readToken();
  try {
    return await send<T>(path, { ...options, token });
  } catch (error) {
    if (!isUnauthorized(error) || !token || TOKEN_PATHS.has(path)) throw error;
    // A parallel call may already have refreshed while this one was in flight: reuse its token.
    const current = readToken();
    const fresh = current && current !== token ? current : await refreshAccessToken();
    if (!fresh) throw error;
    return send<T>(path, { ...options, token: fresh });
  }
}
