// The local-only development sign-in (docs/contracts.md § Identity, Sign-in): the server says whether it is on.

import { apiFetch } from "@unbiased/web-shared";
import { DEV_SIGN_IN_START_PATH, type DevSignInStartResponse, type Role } from "@unbiased/worker-shared/contracts/auth";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";

export const DEV_SIGN_IN_PATH = "/api/auth/dev";

export async function fetchDevSignInEnabled(): Promise<boolean> {
  const body = await apiFetch<ApiSuccess<{ enabled: boolean }>>(DEV_SIGN_IN_PATH);
  return body.data.enabled === true;
}

/**
 * Starts a sign-in as the sample account of `role`, the way Google's does: the server binds it to
 * this browser (a cookie) and answers with the callback page's address and its single-use code.
 */
export async function startDevSignIn(role: Role): Promise<string> {
  const body = await apiFetch<ApiSuccess<DevSignInStartResponse>>(DEV_SIGN_IN_START_PATH, {
    method: "POST",
    body: { role },
  });
  return body.data.callbackUrl;
}
