// Bytes as base64url without padding (RFC 4648 §5): tokens, MACs and digests written into URLs,
// cookies and rows.
export const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
