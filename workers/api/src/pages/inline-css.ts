// The shell's small stylesheets go into the page itself: on a slow phone link each render-blocking
// stylesheet is a round trip before the first paint (about 110 ms of Lighthouse's FCP and LCP on `/`).
// The reader's Worker does the same for its own CSS (remotes/reader/worker/head.ts): each deploys
// alone, so each keeps its own copy of these few lines.

import { escapeAttribute } from "./html-escape.ts";

/** Stylesheets up to this size are inlined; a larger one stays a link (it would bloat every page). */
export const INLINE_CSS_MAX_BYTES = 24 * 1024;

/** Read from static assets once per isolate: file names carry a content hash, so they never change. */
const cache = new Map<string, string | null>();

/**
 * The CSS at `href` if it can be inlined, else null (the page keeps its link): too large, not found,
 * or holding a relative url() or a "</style" that would break once moved into the HTML.
 */
export async function inlinableCss(
  assets: Fetcher,
  href: string,
  origin = "https://assets.local",
): Promise<string | null> {
  const cached = cache.get(href);
  if (cached !== undefined) return cached;
  const response = await assets.fetch(new Request(new URL(href, origin)));
  const text = response.ok ? await response.text() : null;
  const usable = text !== null && text.length <= INLINE_CSS_MAX_BYTES && !/url\(|<\/style/i.test(text) ? text : null;
  // A failed read is not remembered: the next page tries again.
  if (response.ok) cache.set(href, usable);
  return usable;
}

/**
 * The tag that stands for the stylesheet `href` once its CSS is inline: the CSS in a `<style>` (with
 * the page's `nonce`, or without one for a head whose nonce slots `withNonceSlots` adds) that names its file in
 * `data-href`. The client builds' preload helper treats such a file as loaded
 * (hosts/shared/federation/inlinedCssPreload.ts), so no browser fetches it again.
 */
export function inlinedStylesheet(href: string, css: string, nonce?: string): string {
  const nonceAttribute = nonce === undefined ? "" : ` nonce="${nonce}"`;
  return `<style${nonceAttribute} data-href="${escapeAttribute(href)}">${css}</style>`;
}
