// Fetches an article page through the SSRF guard and extracts its readable text and metadata. The
// page's canonical link (when it is a public http(s) URL) names the article, so the same story reached
// through different links is stored once.
import { canonicalizeUrl } from "@unbiased/worker-shared/urls/canonical-url";
import { checkPublicUrl } from "@unbiased/worker-shared/urls/public-url";
import { extractPage, type ExtractedPage } from "../extract/extract-page.ts";
import { FetchRefusedError, safeFetch } from "../fetch/safe-fetch.ts";

export interface ReadArticle {
  /** The dedupe key: the page's canonical URL, else the URL that answered, canonicalised. */
  canonicalUrl: string;
  page: ExtractedPage;
}

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

export async function readArticle(url: string, allowedOrigins: readonly string[]): Promise<ReadArticle> {
  const fetched = await safeFetch(url, { accept: "text/html,application/xhtml+xml;q=0.9", allowedOrigins });
  const type = fetched.headers.get("Content-Type") ?? "";
  if (!HTML_TYPES.test(type))
    throw new FetchRefusedError(`Not an HTML page (${type || "no content type"}): ${fetched.url}`);
  const page = await extractPage(fetched.text, fetched.url);
  // A canonical link is only trusted when it could itself have been fetched.
  const declared =
    page.canonicalUrl && checkPublicUrl(page.canonicalUrl, { allowedOrigins }).ok ? page.canonicalUrl : null;
  return { canonicalUrl: canonicalizeUrl(declared ?? fetched.url), page };
}
