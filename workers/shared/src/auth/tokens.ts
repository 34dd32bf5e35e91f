// Signed bearer tokens (HS256 with the shared AUTH_SECRET), verified locally by every worker.
import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { unauthorized } from "../http/errors.ts";

/** "access" for the reader; "admin" for the ModMe session issued by the password gate. */
export type TokenKind = "access" | "admin";

export interface TokenClaims {
  /** User id. */
  sub: string;
  /** Session id: closing the session invalidates every token that carries it. */
  sid: string;
  kind: TokenKind;
  exp: number;
  /**
   * When the session's sign-in happened (epoch ms): its absolute end and the account deletion's
   * recent-sign-in check come from it. Absent from tokens of sessions kept in D1 (before ADR 022's
   * UserSessions objects), whose check still reads their row.
   */
  sst?: number;
}

const ISSUER = "unbiased-247";

/**
 * The HMAC key of AUTH_SECRET, imported once per isolate: jose would otherwise import the raw bytes
 * as a CryptoKey on every sign and verify, i.e. on every authenticated request. One secret per
 * deployment, so one cached key (a different secret, as in tests, replaces it). The key itself is
 * cached, never the promise of it: a promise created by one request and awaited by another can hang
 * in workerd once the first request has finished.
 */
let cachedKey: { secret: string; key: CryptoKey } | null = null;

async function key(secret: string): Promise<CryptoKey> {
  if (cachedKey?.secret === secret) return cachedKey.key;
  const imported = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  cachedKey = { secret, key: imported };
  return imported;
}

export async function signToken(
  secret: string,
  claims: { sub: string; sid: string; kind: TokenKind; sst?: number },
  ttlSeconds: number,
): Promise<string> {
  const session = claims.sst === undefined ? {} : { sst: claims.sst };
  return new SignJWT({ sid: claims.sid, kind: claims.kind, ...session })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await key(secret));
}

/**
 * Returns the claims or throws a 401 ApiError; never lets a bad token become a 500. `allowExpired`
 * (logout only) accepts a token past its expiry whose signature and issuer still hold.
 */
export async function verifyToken(
  secret: string,
  token: string,
  options: { allowExpired?: boolean } = {},
): Promise<TokenClaims> {
  try {
    const payload = await verifiedPayload(secret, token, options.allowExpired ?? false);
    if (
      typeof payload.sub !== "string" ||
      typeof payload.sid !== "string" ||
      (payload.kind !== "access" && payload.kind !== "admin") ||
      typeof payload.exp !== "number" ||
      (payload.sst !== undefined && !Number.isSafeInteger(payload.sst))
    ) {
      throw unauthorized("Invalid token");
    }
    const claims: TokenClaims = { sub: payload.sub, sid: payload.sid, kind: payload.kind, exp: payload.exp };
    if (typeof payload.sst === "number") claims.sst = payload.sst;
    return claims;
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw unauthorized("Token expired");
    throw unauthorized("Invalid token");
  }
}

async function verifiedPayload(secret: string, token: string, allowExpired: boolean): Promise<JWTPayload> {
  try {
    return (await jwtVerify(token, await key(secret), { issuer: ISSUER, algorithms: ["HS256"] })).payload;
  } catch (err) {
    // jose checks the signature before the claims, so an expired token's payload is authentic.
    if (allowExpired && err instanceof errors.JWTExpired) return err.payload;
    throw err;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/**
 * A link's token that allows one thing for one user without signing in (the digest's unsubscribe
 * link): its audience names the purpose, and it carries no session, so it is never a bearer token
 * (verifyToken refuses it) and a token for one purpose never serves another.
 */
export async function signPurposeToken(secret: string, sub: string, purpose: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(purpose)
    .setIssuedAt()
    .sign(await key(secret));
}

/** The user a purpose token was made for, or null when it is not a valid token for that purpose. */
export async function verifyPurposeToken(secret: string, token: string, purpose: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), {
      issuer: ISSUER,
      audience: purpose,
      algorithms: ["HS256"],
    });
    return typeof payload.sub === "string" && payload.sub !== "" ? payload.sub : null;
  } catch {
    return null;
  }
}
