// The browser's part of a Google sign-in against the local OpenID provider: /start, consent at the
// provider, then /callback with the flow cookies; and, to finish it, the callback page's code exchange.
import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import type { LocalOidcProvider, Person } from "./oidc-provider.ts";
import { BASE, postJson } from "./session.ts";

export async function signInThroughProvider(
  provider: LocalOidcProvider,
  who: Person,
  tamper: { state?: string; dropCookies?: boolean } = {},
) {
  const start = await SELF.fetch(`${BASE}/api/auth/google/start`, { redirect: "manual" });
  expect(start.status).toBe(302);
  const cookies = start.headers.getSetCookie();
  const { code, state } = provider.authorize(start.headers.get("Location")!, who);
  const cookieHeader = cookies.map((c) => c.split(";")[0]).join("; ");
  const callback = await SELF.fetch(`${BASE}/api/auth/google/callback?code=${code}&state=${tamper.state ?? state}`, {
    redirect: "manual",
    headers: tamper.dropCookies ? {} : { Cookie: cookieHeader },
  });
  return { start, cookies, callback };
}

/** A whole Google sign-in, as the callback page completes it: the exchange's answer. */
export async function completeGoogleSignIn(provider: LocalOidcProvider, who: Person): Promise<Response> {
  const { callback, cookies } = await signInThroughProvider(provider, who);
  const code = new URL(callback.headers.get("Location")!).searchParams.get("token") ?? "";
  const signInCookie = cookies.find((c) => c.startsWith("unbiased_signin="))!.split(";")[0]!;
  return postJson("/api/auth/exchange", { Cookie: signInCookie }, { code });
}
