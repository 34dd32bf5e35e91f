// Which URLs the product may fetch on a reader's or a feed's behalf (SSRF guard). Only http/https to
// public hosts: no loopback, private, link-local, carrier-grade NAT, metadata or other special
// addresses in any spelling, no local host names, no credentials. The URL parser has already turned
// odd IPv4 spellings (2130706433, 0x7f.1, 017700000001) into dotted quads, so every address literal
// is checked in its canonical form. One configured origin may be exempt: the local sample newswire.
import ipaddr from "ipaddr.js";

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export const URL_REFUSALS = {
  malformed: "Please enter a valid URL",
  scheme: "Only http:// and https:// URLs are accepted",
  credentials: "URLs with a user name or password are not accepted",
  localName: "Local host names cannot be fetched",
  privateAddress: "This address points to a private or local network and cannot be fetched",
  unknownHost: "This host name does not exist",
  noAddress: "This host name has no address to fetch",
} as const;

/** Names that never resolve to a public host (RFC 6761, RFC 8375, mDNS, cloud metadata services). */
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".localdomain", ".lan", ".intranet"];

function isLocalName(host: string): boolean {
  return host === "localhost" || !host.includes(".") || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/** IPv4 and IPv6 addresses pass only when ipaddr.js calls them plain unicast (anything unparsable fails). */
export function isPublicAddress(literal: string): boolean {
  if (!ipaddr.isValid(literal)) return false;
  let address = ipaddr.parse(literal);
  if (address instanceof ipaddr.IPv6) {
    if (address.isIPv4MappedAddress()) address = address.toIPv4Address();
    // ::/96 (IPv4-compatible, deprecated) carries an IPv4 address that ipaddr.js calls unicast.
    else if (address.parts.slice(0, 6).every((part) => part === 0)) return false;
  }
  return address.range() === "unicast";
}

export interface PublicUrlOptions {
  /**
   * Origins fetched even though they are local (the sample newswire in development). An entry may end
   * in ":*" to allow every port of its scheme and host (the local stack runs on several ports).
   */
  allowedOrigins?: readonly string[];
}

/** An origin the configuration exempts from the public-host rule (the local sample newswire). */
export function isAllowedOrigin(url: URL, allowed: readonly string[] = []): boolean {
  return allowed.some(
    (entry) =>
      entry === url.origin || (entry.endsWith(":*") && entry.slice(0, -2) === `${url.protocol}//${url.hostname}`),
  );
}

export function checkPublicUrl(input: string | URL, options: PublicUrlOptions = {}): UrlCheck {
  let url: URL;
  try {
    url = new URL(String(input).trim());
  } catch {
    return { ok: false, reason: URL_REFUSALS.malformed };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, reason: URL_REFUSALS.scheme };
  if (url.username || url.password) return { ok: false, reason: URL_REFUSALS.credentials };
  if (isAllowedOrigin(url, options.allowedOrigins)) return { ok: true, url };
  const host = bareHost(url);
  if (ipaddr.isValid(host))
    return isPublicAddress(host) ? { ok: true, url } : { ok: false, reason: URL_REFUSALS.privateAddress };
  if (isLocalName(host)) return { ok: false, reason: URL_REFUSALS.localName };
  return { ok: true, url };
}

/** The host without IPv6 brackets or trailing dots, lower-cased: what the checks compare. */
const bareHost = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.+$/, "")
    .toLowerCase();

/**
 * The host name a checked URL still needs resolved before it is fetched (resolve-public.ts): null for
 * an address literal (already checked) and for an exempt origin.
 */
export function nameToResolve(url: URL, options: PublicUrlOptions = {}): string | null {
  if (isAllowedOrigin(url, options.allowedOrigins)) return null;
  const host = bareHost(url);
  return ipaddr.isValid(host) ? null : host;
}

/** The exempt origins from configuration: a comma-separated list (entries may end in ":*"), empty in production. */
export const allowedOriginsFrom = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .flatMap((entry) => {
      const anyPort = entry.endsWith(":*");
      const base = anyPort ? entry.slice(0, -2) : entry;
      if (!URL.canParse(base)) return [];
      const url = new URL(base);
      return [anyPort ? `${url.protocol}//${url.hostname}:*` : url.origin];
    });
