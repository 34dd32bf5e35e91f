// ModMe's calls (web-shared's admin module, admin.ts): they carry the admin token from the password
// gate instead of the reader's, and return the success envelope or throw ApiRequestError.
import { AUTH_MESSAGES } from "@unbiased/worker-shared/contracts/auth";
import { readAdminToken } from "../auth/adminGate.ts";
import { clearAdminSession } from "../auth/adminSession.ts";
import { ApiRequestError, type ApiRequestOptions, isUnauthorized, send } from "./http.ts";

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
