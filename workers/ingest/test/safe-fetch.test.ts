// Outbound fetches: the guard on every hop, manual redirects (at most five), the size cap counted
// while the body streams, and HTTP errors.

import { ResolverUnavailableError } from "@unbiased/worker-shared/urls/resolve-public";
import { describe, expect, it } from "vitest";
import { FetchRefusedError, MAX_BYTES, safeFetch } from "../src/fetch/safe-fetch.ts";
import { DNS_RESOLVER, FIXTURES_ORIGIN, NEWSWIRE_ORIGIN } from "./support/origins.ts";

const html = { accept: "text/html" };

describe("safeFetch", () => {
  it("follows up to five redirects, checking each hop", async () => {
    const fetched = await safeFetch(`${FIXTURES_ORIGIN}/redirect/5`, html);
    expect(fetched.url).toBe(`${FIXTURES_ORIGIN}/pages/article.html`);
    expect(fetched.text).toContain("Ferry operators");
  });

  it("refuses a sixth redirect", async () => {
    await expect(safeFetch(`${FIXTURES_ORIGIN}/redirect/6`, html)).rejects.toThrow(
      new FetchRefusedError(`More than 5 redirects from ${FIXTURES_ORIGIN}/redirect/6`),
    );
  });

  it.each(["/redirect-to-loopback", "/redirect-to-metadata"])(
    "refuses a redirect into a private address (%s)",
    async (path) => {
      await expect(safeFetch(`${FIXTURES_ORIGIN}${path}`, html)).rejects.toThrow(/private or local network/);
    },
  );

  it.each([
    "file:///etc/passwd",
    "data:text/html,hello",
    "http://127.0.0.1:8799/newswire/feed.xml",
    "http://localhost/",
  ])("never sends a request for %s", async (url) => {
    await expect(safeFetch(url, html)).rejects.toBeInstanceOf(FetchRefusedError);
  });

  it("fetches the configured newswire origin although it is loopback", async () => {
    const fetched = await safeFetch(`${NEWSWIRE_ORIGIN}/newswire/feed.xml`, {
      accept: "application/rss+xml",
      allowedOrigins: [NEWSWIRE_ORIGIN],
    });
    expect(fetched.text).toContain("<rss");
  });

  it("stops reading a body past the size cap, whatever it declares", async () => {
    await expect(safeFetch(`${FIXTURES_ORIGIN}/huge.html`, html)).rejects.toThrow(
      `Response is larger than ${MAX_BYTES} bytes`,
    );
    await expect(safeFetch(`${FIXTURES_ORIGIN}/declared-huge.html`, html)).rejects.toThrow(
      `Response is larger than ${MAX_BYTES} bytes`,
    );
  });

  it("reports HTTP errors", async () => {
    await expect(safeFetch(`${FIXTURES_ORIGIN}/server-error.html`, html)).rejects.toThrow(
      `HTTP 500 from ${FIXTURES_ORIGIN}/server-error.html`,
    );
    await expect(safeFetch(`${FIXTURES_ORIGIN}/pages/missing.html`, html)).rejects.toThrow("HTTP 404");
  });

  it("gives up at the deadline", async () => {
    await expect(
      safeFetch(`${FIXTURES_ORIGIN}/huge.html`, { ...html, timeoutMs: 1, maxBytes: 100 * MAX_BYTES }),
    ).rejects.toThrow();
  });

  it("sends conditional headers and reports 304 Not Modified with an empty body", async () => {
    // Its own query string: the stand-in web's request log is shared with poll-fixtures.test.ts,
    // which counts the requests to /feeds/pages.xml as the poll makes them.
    const feed = `${FIXTURES_ORIGIN}/feeds/pages.xml?from=safe-fetch-test`;
    const first = await safeFetch(feed, { accept: "application/rss+xml" });
    const etag = first.headers.get("ETag")!;
    const second = await safeFetch(feed, {
      accept: "application/rss+xml",
      headers: { "If-None-Match": etag },
    });
    expect(second).toMatchObject({ status: 304, text: "" });
  });
});

describe("host names are resolved and their addresses checked before each hop", () => {
  const resolving = { ...html, dnsResolver: DNS_RESOLVER };
  /** The URLs the stand-in web has been asked for since `since`. */
  const requestedSince = async (since: number) => {
    const seen = (await (await fetch(`${FIXTURES_ORIGIN}/__requests`)).json()) as { url: string }[];
    return seen.slice(since).map((r) => r.url);
  };
  const requestCount = async () => ((await (await fetch(`${FIXTURES_ORIGIN}/__requests`)).json()) as unknown[]).length;

  it("fetches a name whose every address is public", async () => {
    const fetched = await safeFetch(`${FIXTURES_ORIGIN}/pages/article.html`, resolving);
    expect(fetched.text).toContain("Ferry operators");
  });

  it.each([
    ["loopback.example", "127.0.0.1"],
    ["intranet-ip.example", "10/8"],
    ["metadata.example", "the metadata address"],
    ["mixed.example", "one public and one private A record"],
    ["private-v6.example", "a public A record and a unique-local AAAA record"],
    ["alias.example", "a CNAME to a host in 172.16/12"],
  ])("refuses %s (%s) and never requests it", async (host) => {
    const before = await requestCount();
    await expect(safeFetch(`https://${host}/news`, resolving)).rejects.toThrow(
      new FetchRefusedError(
        `This address points to a private or local network and cannot be fetched: https://${host}/news`,
      ),
    );
    expect((await requestedSince(before)).filter((url) => url.includes(host) && !url.startsWith(DNS_RESOLVER))).toEqual(
      [],
    );
  });

  it("refuses a name that does not exist, or has no address", async () => {
    await expect(safeFetch("https://no-such-name.example/", resolving)).rejects.toThrow(/does not exist/);
    await expect(safeFetch("https://no-address.example/", resolving)).rejects.toThrow(/has no address/);
  });

  it("checks the name a redirect leads to", async () => {
    await expect(safeFetch(`${FIXTURES_ORIGIN}/redirect-to-name/loopback.example`, resolving)).rejects.toThrow(
      /private or local network/,
    );
  });

  it("treats an unreachable resolver as a failure to retry, not a refusal", async () => {
    const unreachable = { ...html, dnsResolver: "https://resolver.invalid/dns-query" };
    const failure = safeFetch(`${FIXTURES_ORIGIN}/pages/article.html`, unreachable);
    await expect(failure).rejects.toBeInstanceOf(ResolverUnavailableError);
    await expect(failure).rejects.not.toBeInstanceOf(FetchRefusedError);
  });

  it("does not resolve address literals or the configured newswire origin", async () => {
    const before = await requestCount();
    await safeFetch(`${NEWSWIRE_ORIGIN}/newswire/feed.xml`, {
      accept: "application/rss+xml",
      allowedOrigins: [NEWSWIRE_ORIGIN],
      dnsResolver: DNS_RESOLVER,
    });
    expect((await requestedSince(before)).some((url) => url.startsWith(DNS_RESOLVER))).toBe(false);
  });
});
