// Unguessable tokens and their hashes: refresh tokens, sign-in codes and browser bindings are
// random 256-bit values; only SHA-256 hashes of them are stored.

import { toBase64Url } from "@unbiased/worker-shared/encoding/base64url";

export const randomToken = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
