// An outlet's domain, read from an address (zod-free, for the workers and the reader's outlet page).
// Apart from paths.ts, whose page addresses the first chunk of `/` carries: only the outlet page and
// the servers read an address back (and its feed's address, which only they write).

import { outletPath } from "./paths.ts";

/**
 * An outlet's domain in its one written form, as ingestion stores it (an article's `domain`): lower
 * case, without "www." or a final dot, an international name in punycode. null for anything but a bare
 * host name (a path, a port, credentials, a query), so a page address can only name an outlet.
 */
export function outletDomain(text: string): string | null {
  if (!text || /[/?#@:\\\s%]/.test(text)) return null;
  let host: string;
  try {
    host = new URL(`http://${text}`).hostname;
  } catch {
    return null;
  }
  const domain = host.replace(/\.$/, "").replace(/^www\./, "");
  // "_" is no letter of a DNS host name, yet some sites' hosts carry it and browsers reach them.
  return /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/.test(domain) ? domain : null;
}

/** An outlet's Atom feed, beside its page (`domain` in the form outletDomain gives). */
export const outletFeedPath = (domain: string) => `${outletPath(domain)}/feed.xml`;
