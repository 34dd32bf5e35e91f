// A session's refresh tokens, as a numbered line (RFC 9700 §4.14.2 without a list of spent tokens):
// the token names its user, its session and its place in the session's line, signed by the gateway,
// `<user id>.<session id>.<generation>.<HMAC-SHA256 of the three under AUTH_SECRET>`; the user id says
// which UserSessions object holds the session (ADR 022). Tokens of sessions kept in D1 before the
// objects have no user id (`<session id>.<generation>.<MAC of both>`), and are read until those
// sessions have ended. The session keeps only the current generation, so a refresh rewrites one row
// and stores nothing new, and a genuine token of an earlier generation — one already rotated away,
// presented again — is recognised as such by its signature and revokes the session. Nobody without the secret can make one (a session id alone,
// say from an access token, cannot be turned into a token that revokes someone's session), and a copy
// of the database holds no token either. Every Worker holding AUTH_SECRET could mint them, as it can
// access tokens; a key of the gateway's own would narrow that (not done: ADR 009).

import { toBase64Url } from "@unbiased/worker-shared/encoding/base64url";

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

/** What a token names: `userId` is absent from a token of a session kept in D1. */
export interface RefreshTokenNames {
  userId?: string;
  sessionId: string;
  generation: number;
}

/** The signed text: the user's id only when there is one, so the old tokens' MACs still verify. */
const signed = ({ userId, sessionId, generation }: RefreshTokenNames) =>
  encoder.encode(
    userId === undefined
      ? `${PURPOSE}\0${sessionId}\0${generation}`
      : `${PURPOSE}\0user\0${userId}\0${sessionId}\0${generation}`,
  );

export async function refreshTokenFor(secret: string, names: RefreshTokenNames): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await keyFor(secret), signed(names));
  const parts = [names.userId, names.sessionId, String(names.generation)].filter((part) => part !== undefined);
  return `${parts.join(".")}.${toBase64Url(new Uint8Array(mac))}`;
}

/** The user, session and generation a token names, when its signature holds; null for anything else. */
export async function readRefreshToken(secret: string, token: string): Promise<RefreshTokenNames | null> {
  const parts = token.split(".");
  if (parts.length !== 3 && parts.length !== 4) return null;
  const [macText, generationText, sessionId, userId] = parts.reverse();
  if (!sessionId || !generationText || !macText || userId === "" || !/^(0|[1-9]\d{0,8})$/.test(generationText))
    return null;
  const mac = macBytes(macText);
  if (!mac) return null;
  const names: RefreshTokenNames = { sessionId, generation: Number(generationText) };
  if (userId !== undefined) names.userId = userId;
  // crypto.subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify("HMAC", await keyFor(secret), mac, signed(names));
  return valid ? names : null;
}
