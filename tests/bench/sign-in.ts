// How the benches sign in on the local stack: the development sign-in (a token for a named account,
// the same account again for the same name) and the ModMe gate's admin token for staff calls.

import { LOCAL_MODME_PASSWORD } from "../../scripts/dev-vars.ts";
import type { Role } from "../../workers/shared/src/contracts/auth.ts";

/** POSTs JSON (with a bearer token when given) and returns the parsed answer; any other status than 2xx throws. */
export async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The account of that name (made on first use) and its access token. */
export async function devSignIn(base: string, role: Role, name: string): Promise<{ id: string; token: string }> {
  const { data } = await postJson<{ data: { user: { id: string }; token: string } }>(`${base}/api/auth/dev`, {
    role,
    name,
  });
  return { id: data.user.id, token: data.token };
}

/** The ModMe gate's token of a staff account of that role, for the staff-only calls. */
export async function modmeGateToken(base: string, role: "moderator" | "admin", name = "Bench Moderator") {
  const { token } = await devSignIn(base, role, name);
  const gate = await postJson<{ data: { adminToken: string } }>(
    `${base}/api/auth/modme`,
    { password: LOCAL_MODME_PASSWORD },
    token,
  );
  return gate.data.adminToken;
}
