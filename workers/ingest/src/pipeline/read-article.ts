// Fetches an article page through the SSRF guard and extracts its readable text and metadata. The
// page's canonical link names the article, so the same story reached through different links is
// stored once, but only on the fetched page's own registrable domain: a page cannot credit its text
// to another outlet or take the dedupe slot of another site's story.

import { canonicalizeUrl } from "@unbiased/worker-shared/urls/canonical-url";
import { checkPublicUrl, isAllowedOrigin } from "@unbiased/worker-shared/urls/public-url";
import { getDomain } from "tldts";
import type { IngestConfig } from "../config.ts";
import { type ExtractedPage, extractPage } from "../extract/extract-page.ts";
import { FetchRefusedError, safeFetch } from "../fetch/safe-fetch.ts";

export interface ReadArticle {
  /** The dedupe key: the page's canonical URL, else the URL that answered, canonicalised. */
  canonicalUrl: string;
  page: ExtractedPage;
}

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

export async function readArticle(
  url: string,
  { allowedOrigins, dnsResolver }: Pick<IngestConfig, "allowedOrigins" | "dnsResolver">,
): Promise<ReadArticle> {
  const fetched = await safeFetch(url, {
    accept: "text/html,application/xhtml+xml;q=0.9",
    allowedOrigins,
    dnsResolver,
  });
  const type = fetched.headers.get("Content-Type") ?? "";
  if (!HTML_TYPES.test(type))
    throw new FetchRefusedError(`Not an HTML page (${type || "no content type"}): ${fetched.url}`);
  const page = await extractPage(fetched.text, fetched.url);
  // A canonical link is only trusted when it could itself have been fetched, on the same site. The
  // local sample newswire (an allowed origin, development only) is the exception: it stands in for
  // its publishers and names their URLs.
  const declared =
    page.canonicalUrl &&
    checkPublicUrl(page.canonicalUrl, { allowedOrigins }).ok &&
    (sameRegistrableDomain(page.canonicalUrl, fetched.url) || isAllowedOrigin(new URL(fetched.url), allowedOrigins))
      ? page.canonicalUrl
      : null;
  return { canonicalUrl: canonicalizeUrl(declared ?? fetched.url), page };
}

/**
 * The site a URL belongs to: its registrable domain by the Public Suffix List, private suffixes
 * included (two *.github.io pages are two sites); an IP address or a single-label host stands for itself.
 */
function site(url: string): string {
  const host = new URL(url).hostname.toLowerCase();
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

export const sameRegistrableDomain = (a: string, b: string) => site(a) === site(b);
