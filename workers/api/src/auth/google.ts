// Google sign-in as an OpenID Connect client: arctic runs the authorization-code flow with PKCE;
// arctic does not check ID-token signatures, so jose validates them against the provider's
// published keys (issuer, audience = our client id, expiry, nonce). Endpoints come from
// configuration, with Google's as the defaults, so tests run the same code against a local provider.

import { ApiError, unauthorized } from "@unbiased/worker-shared/http/errors";
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from "arctic";
import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from "jose";

export interface OidcConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authorizationUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  issuers: string[];
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  picture: string | null;
}

export function oidcConfig(env: Env): OidcConfig {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) throw new ApiError(503, "Google sign-in is not configured");
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    // The return address is built from configuration only: no caller can redirect elsewhere.
    redirectUri: new URL("/api/auth/google/callback", env.APP_ORIGIN).href,
    authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
    tokenUrl: env.GOOGLE_TOKEN_URL,
    jwksUrl: env.GOOGLE_JWKS_URL,
    issuers: env.GOOGLE_ISSUERS.split(",").map((s) => s.trim()),
  };
}

const randomToken = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24)))).replace(/[+/=]/g, "");

export function buildAuthorizationUrl(config: OidcConfig) {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const nonce = randomToken();
  const client = new OAuth2Client(config.clientId, config.clientSecret, config.redirectUri);
  const url = client.createAuthorizationURLWithPKCE(
    config.authorizationUrl,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    ["openid", "email", "profile"],
  );
  url.searchParams.set("nonce", nonce);
  url.searchParams.set("prompt", "select_account");
  return { url, state, codeVerifier, nonce };
}

/** Exchanges the authorization code (with the PKCE verifier) for the provider's ID token. */
export async function exchangeCode(config: OidcConfig, code: string, codeVerifier: string): Promise<string> {
  const client = new OAuth2Client(config.clientId, config.clientSecret, config.redirectUri);
  try {
    const tokens = await client.validateAuthorizationCode(config.tokenUrl, code, codeVerifier);
    return tokens.idToken();
  } catch (err) {
    // Its message only: the error may hold the provider's whole answer, which is not ours to log.
    console.error("authorization code exchange failed:", err instanceof Error ? err.message : String(err));
    throw unauthorized("Login failed");
  }
}

// Key sets are cached per URL for the isolate's life; jose refetches on an unknown key id.
const keySets = new Map<string, JWTVerifyGetKey>();
const keySet = (url: string) => {
  const known = keySets.get(url);
  if (known) return known;
  const set = createRemoteJWKSet(new URL(url));
  keySets.set(url, set);
  return set;
};

/** Validates signature, issuer, audience, expiry and (when given) nonce; returns who signed in. */
export async function verifyIdToken(
  config: OidcConfig,
  idToken: string,
  expectedNonce?: string,
): Promise<GoogleIdentity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keySet(config.jwksUrl), {
      issuer: config.issuers,
      audience: config.clientId,
      algorithms: ["RS256"],
    }));
  } catch (err) {
    console.error("ID token refused:", err instanceof Error ? err.message : err);
    throw unauthorized("Invalid ID token");
  }
  if (expectedNonce !== undefined && payload.nonce !== expectedNonce) throw unauthorized("Invalid ID token");
  // An account is created or linked by e-mail, so the provider must vouch for the address: only an
  // explicit true (some providers send the string "true") is enough; missing or false is refused.
  const emailVerified = payload.email_verified === true || payload.email_verified === "true";
  if (typeof payload.sub !== "string" || typeof payload.email !== "string" || !emailVerified)
    throw unauthorized("Invalid ID token");
  const [localPart = ""] = payload.email.split("@"); // split always gives at least one part
  return {
    sub: payload.sub,
    email: payload.email,
    name: typeof payload.name === "string" && payload.name.trim() ? payload.name : localPart,
    picture: typeof payload.picture === "string" ? payload.picture : null,
  };
}
