// The dedupe key of an article: its URL in one canonical spelling, so the same page reached through
// a feed, a share link with tracking parameters or a reader's submission maps to one row.

/** Query parameters that only track where a click came from; they never change the page. */
const TRACKING_PREFIXES = ["utm_", "mc_", "pk_", "hsa_"];
const TRACKING_NAMES = new Set([
  "fbclid",
  "gclid",
  "gclsrc",
  "dclid",
  "gbraid",
  "wbraid",
  "msclkid",
  "yclid",
  "igshid",
  "twclid",
  "ttclid",
  "ref",
  "ref_src",
  "ref_url",
  "cmpid",
  "ocid",
  "_ga",
  "_gl",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "oly_enc_id",
  "oly_anon_id",
  "vero_id",
  "s_cid",
]);

const isTracking = (name: string) => {
  const lower = name.toLowerCase();
  return TRACKING_NAMES.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix));
};

/**
 * Scheme and host lower-cased, default port dropped (the URL parser does these), fragment and
 * tracking parameters removed, the remaining query sorted, and a trailing slash dropped from any path
 * but the root. Throws on a string that is not a URL.
 */
export function canonicalizeUrl(input: string | URL): string {
  const url = new URL(String(input));
  url.hash = "";
  url.username = "";
  url.password = "";
  url.hostname = url.hostname.replace(/\.+$/, "");
  const kept = [...url.searchParams].filter(([name]) => !isTracking(name));
  kept.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  url.search = kept.length ? new URLSearchParams(kept).toString() : "";
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, "") || "/";
  return url.href;
}
