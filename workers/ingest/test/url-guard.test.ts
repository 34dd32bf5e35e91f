// The SSRF guard (which URLs may be fetched) and URL canonicalisation (the dedupe key), run on
// workerd's own URL parser, the one production uses.

import { canonicalizeUrl } from "@unbiased/worker-shared/urls/canonical-url";
import { allowedOriginsFrom, checkPublicUrl, URL_REFUSALS } from "@unbiased/worker-shared/urls/public-url";
import { describe, expect, it } from "vitest";

const reason = (url: string, allowedOrigins?: string[]) => {
  const check = checkPublicUrl(url, { allowedOrigins });
  return check.ok ? "ok" : check.reason;
};

describe("checkPublicUrl refuses", () => {
  it.each([
    ["http://127.0.0.1/", "loopback"],
    ["http://127.1.2.3:8080/admin", "loopback, any address of 127/8"],
    ["http://[::1]/", "IPv6 loopback"],
    ["http://0.0.0.0/", "unspecified"],
    ["http://[::]/", "IPv6 unspecified"],
    ["http://10.0.0.7/", "private 10/8"],
    ["http://172.16.5.4/", "private 172.16/12"],
    ["http://192.168.1.1/", "private 192.168/16"],
    ["http://169.254.169.254/latest/meta-data/", "link-local: the cloud metadata service"],
    ["http://100.64.0.1/", "carrier-grade NAT"],
    ["http://[fe80::1]/", "IPv6 link-local"],
    ["http://[fd00:ec2::254]/", "IPv6 unique local (AWS metadata over IPv6)"],
    ["http://[fc00::1]/", "IPv6 unique local"],
    ["http://[::ffff:127.0.0.1]/", "IPv4-mapped IPv6 loopback"],
    ["http://[::ffff:10.0.0.1]/", "IPv4-mapped IPv6 private"],
    ["http://[::ffff:169.254.169.254]/", "IPv4-mapped IPv6 metadata"],
    ["http://[::127.0.0.1]/", "IPv4-compatible IPv6 loopback"],
    ["http://[64:ff9b::a00:1]/", "NAT64 of a private address"],
    ["http://[2002:7f00:1::]/", "6to4 of loopback"],
    ["http://2130706433/", "loopback as one decimal number"],
    ["http://0x7f000001/", "loopback in hexadecimal"],
    ["http://0x7f.1/", "loopback in hex shorthand"],
    ["http://017700000001/", "loopback in octal"],
    ["http://0177.0.0.1/", "loopback with an octal first part"],
    ["http://127.1/", "loopback shorthand"],
    ["http://3232235777/", "192.168.1.1 as one number"],
    ["http://224.0.0.1/", "multicast"],
    ["http://255.255.255.255/", "broadcast"],
    ["http://192.0.2.10/", "documentation range"],
  ])("%s (%s)", (url) => {
    expect(reason(url)).toBe(URL_REFUSALS.privateAddress);
  });

  it.each([
    ["http://localhost/", "localhost"],
    ["http://LOCALHOST.:8080/", "localhost with a trailing dot, any case"],
    ["http://api.localhost/", "*.localhost"],
    ["http://metadata.google.internal/computeMetadata/v1/", "*.internal"],
    ["http://printer.local/", "mDNS"],
    ["http://router.home.arpa/", "home.arpa"],
    ["http://intranet/", "a single-label name"],
  ])("%s (%s)", (url) => {
    expect(reason(url)).toBe(URL_REFUSALS.localName);
  });

  it.each([
    "file:///etc/passwd",
    "data:text/html,<script>alert(1)</script>",
    "ftp://files.example/report.pdf",
    "javascript:alert(1)",
    "gopher://example.com/",
    "blob:https://example.com/uuid",
  ])("%s (scheme)", (url) => {
    expect(reason(url)).toBe(URL_REFUSALS.scheme);
  });

  it("credentials in the URL", () => {
    expect(reason("https://user:secret@news.example/story")).toBe(URL_REFUSALS.credentials);
    expect(reason("https://user@news.example/story")).toBe(URL_REFUSALS.credentials);
  });

  it.each(["not a url", "", "http://", "https://exa mple.com/"])("malformed %j", (url) => {
    expect(reason(url)).toBe(URL_REFUSALS.malformed);
  });
});

describe("checkPublicUrl accepts", () => {
  it.each([
    "https://www.bbc.co.uk/news/world-123",
    "http://news.example/story?id=7",
    "https://93.184.215.14/page",
    "https://[2606:4700::6810:84e5]/",
    "HTTPS://News.Example:8443/a",
  ])("%s", (url) => {
    expect(reason(url)).toBe("ok");
  });

  it("exempts exactly the configured origin (the local newswire), nothing else on that host", () => {
    const allowed = allowedOriginsFrom("http://127.0.0.1:8787");
    expect(reason("http://127.0.0.1:8787/newswire/feed.xml", allowed)).toBe("ok");
    expect(reason("http://127.0.0.1:8788/newswire/feed.xml", allowed)).toBe(URL_REFUSALS.privateAddress);
    expect(reason("https://127.0.0.1:8787/", allowed)).toBe(URL_REFUSALS.privateAddress);
    expect(reason("file:///etc/passwd", allowed)).toBe(URL_REFUSALS.scheme);
  });

  it("exempts every port of a host when the setting ends in :* (the local stack, whatever its port)", () => {
    const allowed = allowedOriginsFrom("http://127.0.0.1:*");
    expect(allowed).toEqual(["http://127.0.0.1:*"]);
    expect(reason("http://127.0.0.1:8787/newswire/feed.xml", allowed)).toBe("ok");
    expect(reason("http://127.0.0.1:8799/newswire/articles/x", allowed)).toBe("ok");
    expect(reason("https://127.0.0.1:8787/", allowed)).toBe(URL_REFUSALS.privateAddress);
    expect(reason("http://127.0.0.2:8787/", allowed)).toBe(URL_REFUSALS.privateAddress);
    expect(reason("http://localhost:8787/", allowed)).toBe(URL_REFUSALS.localName);
  });

  it("reads no exemption from an empty or malformed setting", () => {
    expect(allowedOriginsFrom("")).toEqual([]);
    expect(allowedOriginsFrom(undefined)).toEqual([]);
    expect(allowedOriginsFrom("not a url, http://127.0.0.1:8787/newswire")).toEqual(["http://127.0.0.1:8787"]);
  });
});

describe("canonicalizeUrl", () => {
  it.each([
    ["HTTPS://News.EXAMPLE.com:443/World/Story/", "https://news.example.com/World/Story"],
    ["http://news.example.com:80/a", "http://news.example.com/a"],
    ["https://news.example.com:8443/a", "https://news.example.com:8443/a"],
    ["https://news.example.com/a#comments", "https://news.example.com/a"],
    ["https://news.example.com/a?utm_source=x&utm_medium=y&UTM_Campaign=z&id=7", "https://news.example.com/a?id=7"],
    ["https://news.example.com/a?fbclid=1&gclid=2&mc_cid=3&mc_eid=4&ref=home&msclkid=5", "https://news.example.com/a"],
    ["https://news.example.com/a?z=1&b=2&a=3", "https://news.example.com/a?a=3&b=2&z=1"],
    ["https://news.example.com/a?", "https://news.example.com/a"],
    ["https://news.example.com/", "https://news.example.com/"],
    ["https://news.example.com", "https://news.example.com/"],
    ["https://news.example.com./a", "https://news.example.com/a"],
  ])("%s → %s", (input, expected) => {
    expect(canonicalizeUrl(input)).toBe(expected);
  });

  it("maps spellings of one page to one key", () => {
    const spellings = [
      "https://News.example.com/story/?utm_source=twitter#top",
      "https://news.example.com/story",
      "https://news.example.com:443/story?fbclid=abc",
    ];
    expect(new Set(spellings.map(canonicalizeUrl)).size).toBe(1);
  });
});
