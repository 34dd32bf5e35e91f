// A session's refresh tokens, as a numbered line (RFC 9700 §4.14.2 without a list of spent tokens):
// the token names its session and its place in the session's line, signed by the gateway,
// `<session id>.<generation>.<HMAC-SHA256 of both under AUTH_SECRET>`. The session row keeps only the
// current generation, so a refresh rewrites one row and stores nothing new, and a genuine token of an
// earlier generation — one already rotated away, presented again — is recognised as such by its
// signature and revokes the session. Nobody without the secret can make one (a session id alone,
// say from an access token, cannot be turned into a token that revokes someone's session), and a copy
// of the database holds no token either. Every Worker holding AUTH_SECRET could mint them, as it can
// access tokens; a key of the gateway's own would narrow that (not done: ADR 009).

import { toBase64Url } from "./random.ts";

const encoder = new TextEncoder();
/** Domain separation: the same secret signs access tokens (JWT), never over this prefix. */
const PURPOSE = "unbiased refresh token";

/** A MAC as written: 43 base64url characters, 32 bytes (so exactly one spelling verifies). */
function macBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * The HMAC key, imported once per isolate. The key itself is cached, never the promise of it: a promise
 * made by one request and awaited by another can hang in workerd (as in shared/auth/tokens.ts).
 */
let cachedKey: { secret: string; key: CryptoKey } | null = null;
async function keyFor(secret: string): Promise<CryptoKey> {
  if (cachedKey?.secret === secret) return cachedKey.key;
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
  cachedKey = { secret, key };
  return key;
}

const signed = (sessionId: string, generation: number) => encoder.encode(`${PURPOSE}\0${sessionId}\0${generation}`);

export async function refreshTokenFor(secret: string, sessionId: string, generation: number): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await keyFor(secret), signed(sessionId, generation));
  return `${sessionId}.${generation}.${toBase64Url(new Uint8Array(mac))}`;
}

/** The session and generation a token names, when its signature holds; null for anything else. */
export async function readRefreshToken(
  secret: string,
  token: string,
): Promise<{ sessionId: string; generation: number } | null> {
  const [sessionId, generationText, macText, ...rest] = token.split(".");
  if (rest.length > 0 || !sessionId || !generationText || !macText || !/^(0|[1-9]\d{0,8})$/.test(generationText))
    return null;
  const mac = macBytes(macText);
  if (!mac) return null;
  const generation = Number(generationText);
  // crypto.subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify("HMAC", await keyFor(secret), mac, signed(sessionId, generation));
  return valid ? { sessionId, generation } : null;
}
