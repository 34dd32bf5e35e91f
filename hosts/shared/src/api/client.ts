// The API client every app uses for the three back-end services. apiFetch sends the reader's
// token and, when it has expired, refreshes it once and retries; adminFetch sends the ModMe admin
// token from the password gate. Both return the success envelope or throw ApiRequestError.
import { AUTH_MESSAGES } from "@unbiased/worker-shared/contracts/auth";
import { clearAdminSession, readAdminToken } from "../auth/adminSession.ts";
import { readToken } from "../auth/tokenStorage.ts";
import { ApiRequestError, type ApiRequestOptions, isUnauthorized, send } from "./http.ts";
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

/**
 * Calls a ModMe endpoint with the admin token (spec §6: some moderation pages use it). It cannot be
 * refreshed, so without a live admin session nothing is sent, and a 401 ends that session so the
 * next ModMe page asks for the password again.
 */
export async function adminFetch<T extends { success: true }>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  const adminToken = readAdminToken();
  if (!adminToken) throw new ApiRequestError(AUTH_MESSAGES.adminAccessRequired, 401);
  try {
    return await send<T>(path, { ...options, token: adminToken });
  } catch (error) {
    if (isUnauthorized(error)) clearAdminSession();
    throw error;
  }
}
