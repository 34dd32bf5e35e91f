// A session's refresh tokens, as a numbered line (RFC 9700 §4.14.2 without a list of spent tokens):
// the token names its session and its place in the session's line, signed by the gateway,
// `<session id>.<generation>.<HMAC-SHA256 of both under AUTH_SECRET>`. The session row keeps only the
// current generation, so a refresh rewrites one row and stores nothing new, and a genuine token of an
// earlier generation — one already rotated away, presented again — is recognised as such by its
// signature and revokes the session. Nobody without the secret can make one (a session id alone,
// say from an access token, cannot be turned into a token that revokes someone's session), and a copy
// of the database holds no token either.

const encoder = new TextEncoder();
/** Domain separation: the same secret signs access tokens (JWT), never over this prefix. */
const PURPOSE = "unbiased refresh token";

const toBase64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const keys = new Map<string, Promise<CryptoKey>>();
const keyFor = (secret: string) => {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
};

const signed = (sessionId: string, generation: number) => encoder.encode(`${PURPOSE}\0${sessionId}\0${generation}`);

export async function refreshTokenFor(secret: string, sessionId: string, generation: number): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await keyFor(secret), signed(sessionId, generation));
  return `${sessionId}.${generation}.${toBase64Url(mac)}`;
}

/** The session and generation a token names, when its signature holds; null for anything else. */
export async function readRefreshToken(
  secret: string,
  token: string,
): Promise<{ sessionId: string; generation: number } | null> {
  const [sessionId, generationText, macText, ...rest] = token.split(".");
  if (rest.length > 0 || !sessionId || !generationText || !macText || !/^(0|[1-9]\d{0,8})$/.test(generationText))
    return null;
  const mac = fromBase64Url(macText);
  if (!mac) return null;
  const generation = Number(generationText);
  // crypto.subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify("HMAC", await keyFor(secret), mac, signed(sessionId, generation));
  return valid ? { sessionId, generation } : null;
}
