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

/**
 * Where a response's nonce goes in the shell's head: every inline script and style element is given
 * this slot once per version of the document (an HTML rewriter, so a "<style>" in a script's text is
 * left alone), and each page fills it with its own nonce.
 */
export const NONCE_SLOT = "{{page-nonce}}";

/** The head's inline `script` and `style` elements, each given the nonce slot (external scripts are 'self'). */
export async function withNonceSlots(head: string): Promise<string> {
  const rewriter = new HTMLRewriter().on("script:not([src]), style", {
    element(element) {
      element.setAttribute("nonce", NONCE_SLOT);
    },
  });
  return rewriter.transform(new Response(head)).text();
}

/** The head with its nonce slots filled with the page's nonce (the head is the shell's own, never readers' text). */
export const withNonce = (head: string, nonce: string) => head.replaceAll(NONCE_SLOT, nonce);
