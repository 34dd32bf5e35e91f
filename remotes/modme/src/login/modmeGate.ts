// The ModMe password gate, checked on the server (not in the bundle as the spec's client did):
// a signed-in moderator or admin trades the password for a 24 h admin token.

import { apiFetch } from "@unbiased/web-shared";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";

export interface ModmeSession {
  adminToken: string;
  expiresAt: string;
}

/** Rejects with the server's text: 'Incorrect password' (403), the role message (403), or the rate limit (429). */
export async function openModmeSession(password: string): Promise<ModmeSession> {
  const body = await apiFetch<ApiSuccess<ModmeSession>>("/api/auth/modme", { method: "POST", body: { password } });
  return body.data;
}
