// The local-only development sign-in (docs/contracts.md § Identity, Sign-in): the server says whether it is on.
import type { Role, SignedInUser } from "@unbiased/worker-shared/contracts/auth";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";
import { apiFetch } from "@unbiased/web-shared";

export const DEV_SIGN_IN_PATH = "/api/auth/dev";

export async function fetchDevSignInEnabled(): Promise<boolean> {
  const body = await apiFetch<ApiSuccess<{ enabled: boolean }>>(DEV_SIGN_IN_PATH);
  return body.data.enabled === true;
}

/** A token for the sample account of `role`; it then goes through the same login path as Google's. */
export async function devSignIn(role: Role): Promise<string> {
  const body = await apiFetch<ApiSuccess<{ user: SignedInUser; token: string }>>(DEV_SIGN_IN_PATH, {
    method: "POST",
    body: { role },
  });
  return body.data.token;
}
