// The local-only development sign-in (ARCHITECTURE.md "Auth"): the server says whether it is on.
import type { PublicUser, Role } from "@unbiased/worker-shared/contracts/auth";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";
import { apiFetch } from "@unbiased/web-shared";

export const DEV_SIGN_IN_PATH = "/api/auth/dev";

export async function fetchDevSignInEnabled(): Promise<boolean> {
  const body = await apiFetch<ApiSuccess<{ enabled: boolean }>>(DEV_SIGN_IN_PATH);
  return body.data.enabled === true;
}

export async function devSignIn(role: Role): Promise<{ user: PublicUser; token: string }> {
  const body = await apiFetch<ApiSuccess<{ user: PublicUser; token: string }>>(DEV_SIGN_IN_PATH, {
    method: "POST",
    body: { role },
  });
  return body.data;
}
