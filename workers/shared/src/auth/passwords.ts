// Salted password hashes (PBKDF2-SHA256 via WebCrypto, available in workerd and Node) for the ModMe
// gate. Stored as "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>" in a secret.
const encoder = new TextEncoder();
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

// workerd caps PBKDF2 at 100,000 iterations.
export const PBKDF2_ITERATIONS = 100_000;

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `pbkdf2-sha256$${iterations}$${b64(salt)}$${b64(await derive(password, salt, iterations))}`;
}

/** Constant-time comparison of the derived key; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (scheme !== "pbkdf2-sha256" || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText)
    return false;
  const expected = unb64(hashText);
  const actual = await derive(password, unb64(saltText), iterations);
  if (actual.length !== expected.length) return false;
  let diff = 0;
  for (const [i, byte] of actual.entries()) {
    const other = expected[i];
    if (other === undefined) return false; // never: the lengths are equal
    diff |= byte ^ other;
  }
  return diff === 0;
}
