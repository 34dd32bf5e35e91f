// The security headers of a composed page. Its inline parts — the shell's two head scripts, the
// reader's inline CSS and its page data — differ per response and come from two Workers, so the CSP
// allows them by a nonce made for each response rather than by hashes fixed at build time:
// 'unsafe-inline' is allowed for nothing but style attributes (components set them; nonces cannot
// cover attributes). react-hot-toast's injected <style> takes the nonce from the page (goober reads
// window.__nonce__, which the shell's inline theme-init.js sets from its own nonce).

/** 128 random bits, base64: a fresh nonce per response. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** Browser features the product never uses, turned off for the page and anything it could embed. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "microphone=()",
  "magnetometer=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
].join(", ");

export function pageContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    // The product's own images and generated category images; publishers' pictures come through /api/images.
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function pageSecurityHeaders(nonce: string): Record<string, string> {
  return {
    "Content-Security-Policy": pageContentSecurityPolicy(nonce),
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
  };
}

/** Every inline <script> of the shell's head gets the nonce (external scripts are allowed as 'self'). */
export const withNonce = (html: string, nonce: string) =>
  html.replace(/<script>/g, `<script nonce="${nonce}">`).replace(/<style(?=[ >])/g, `<style nonce="${nonce}"`);
