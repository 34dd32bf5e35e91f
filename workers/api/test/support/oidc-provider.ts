// A local OpenID Connect provider for tests: RSA keys generated here, a JWKS endpoint, an
// authorization step that remembers state/nonce/PKCE challenge, and a token endpoint that checks the
// client credentials and the PKCE verifier before signing an ID token. Installed by intercepting
// fetch to its origin, so the worker's real arctic and jose code talks HTTP to it.
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { vi } from "vitest";

import { CLIENT_ID, CLIENT_SECRET, PROVIDER } from "./oidc-config.ts";

export { CLIENT_ID, PROVIDER };

export interface Person {
  sub: string;
  email: string;
  name: string;
  picture?: string;
}

interface PendingCode {
  person: Person;
  nonce: string;
  challenge: string;
  redirectUri: string;
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export class LocalOidcProvider {
  private codes = new Map<string, PendingCode>();
  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly publicJwk: JWK,
  ) {}

  static async start(): Promise<LocalOidcProvider> {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    const publicJwk = { ...(await exportJWK(publicKey)), kid: "test-key-1", alg: "RS256", use: "sig" };
    const provider = new LocalOidcProvider(privateKey, publicJwk);
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      return request.url.startsWith(PROVIDER) ? provider.handle(request) : realFetch(input, init);
    });
    return provider;
  }

  /** The user consents at the provider: returns the code the provider would send back. */
  authorize(authorizationUrl: string, person: Person): { code: string; state: string } {
    const url = new URL(authorizationUrl);
    if (url.origin + url.pathname !== `${PROVIDER}/authorize`) throw new Error(`unexpected authorization URL ${url}`);
    const params = url.searchParams;
    if (
      params.get("client_id") !== CLIENT_ID ||
      params.get("response_type") !== "code" ||
      params.get("code_challenge_method") !== "S256"
    ) {
      throw new Error(`bad authorization request ${url}`);
    }
    const code = crypto.randomUUID();
    this.codes.set(code, {
      person,
      nonce: params.get("nonce") ?? "",
      challenge: params.get("code_challenge") ?? "",
      redirectUri: params.get("redirect_uri") ?? "",
    });
    return { code, state: params.get("state") ?? "" };
  }

  /** An ID token as the provider would sign it; overrides let tests forge bad ones. */
  async idToken(
    person: Person,
    claims: { nonce?: string; aud?: string; iss?: string; expiresIn?: number; emailVerified?: unknown } = {},
    key: CryptoKey = this.privateKey,
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      email: person.email,
      // `emailVerified: undefined` leaves the claim out, as a provider that never checked would.
      ...("emailVerified" in claims
        ? claims.emailVerified === undefined
          ? {}
          : { email_verified: claims.emailVerified }
        : { email_verified: true }),
      name: person.name,
      picture: person.picture,
      ...(claims.nonce !== undefined ? { nonce: claims.nonce } : {}),
    })
      .setProtectedHeader({ alg: "RS256", kid: "test-key-1" })
      .setSubject(person.sub)
      .setIssuer(claims.iss ?? PROVIDER)
      .setAudience(claims.aud ?? CLIENT_ID)
      .setIssuedAt(now)
      .setExpirationTime(now + (claims.expiresIn ?? 600))
      .sign(key);
  }

  private async handle(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === "/jwks") return Response.json({ keys: [this.publicJwk] });
    if (path === "/token" && request.method === "POST") return this.token(request);
    return new Response("not found", { status: 404 });
  }

  private async token(request: Request): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const basic = request.headers.get("Authorization");
    const [id, secret] = basic?.startsWith("Basic ")
      ? atob(basic.slice(6)).split(":").map(decodeURIComponent)
      : [form.get("client_id"), form.get("client_secret")];
    if (id !== CLIENT_ID || secret !== CLIENT_SECRET)
      return Response.json({ error: "invalid_client" }, { status: 401 });
    const pending = this.codes.get(form.get("code") ?? "");
    this.codes.delete(form.get("code") ?? "");
    if (
      !pending ||
      form.get("grant_type") !== "authorization_code" ||
      form.get("redirect_uri") !== pending.redirectUri
    ) {
      return Response.json({ error: "invalid_grant" }, { status: 400 });
    }
    const challenge = base64url(
      await crypto.subtle.digest("SHA-256", new TextEncoder().encode(form.get("code_verifier") ?? "")),
    );
    if (challenge !== pending.challenge)
      return Response.json({ error: "invalid_grant", error_description: "PKCE verification failed" }, { status: 400 });
    return Response.json({
      access_token: "provider-access-token",
      token_type: "Bearer",
      expires_in: 3600,
      id_token: await this.idToken(pending.person, { nonce: pending.nonce }),
    });
  }
}
