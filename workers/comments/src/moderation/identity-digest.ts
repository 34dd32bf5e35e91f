// Keyed digests of the identities an account signed in with (ADR 017): what a deleted account's ban is
// kept under, so the same person signing in again gets it back, while the kept rows name no one. HMAC
// with a Worker secret rather than a plain hash: e-mail addresses are few enough to be guessed by
// hashing lists of them, a keyed digest is not.

export type IdentityKind = "google" | "email";

export interface IdentityDigest {
  kind: IdentityKind;
  hash: string;
}

/** The e-mail as every sign-in path may spell it: trimmed and lower-cased. */
export const normalisedEmail = (email: string) => email.trim().toLowerCase();

async function hmacHex(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = await crypto.subtle.sign("HMAC", cryptoKey, new TextEncoder().encode(message));
  return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The digests of an account's identities: Google's subject when it has one, and its e-mail (the
 * development sign-in's only identity). Each is prefixed with its kind, so an e-mail can never match a
 * subject that happens to be spelled the same.
 */
export async function identityDigests(
  key: string,
  identity: { googleSub: string | null; email: string },
): Promise<IdentityDigest[]> {
  const digests: IdentityDigest[] = [];
  if (identity.googleSub) digests.push({ kind: "google", hash: await hmacHex(key, `google:${identity.googleSub}`) });
  digests.push({ kind: "email", hash: await hmacHex(key, `email:${normalisedEmail(identity.email)}`) });
  return digests;
}
