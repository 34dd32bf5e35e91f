// Outbound fetches: the guard on every hop, manual redirects (at most five), the size cap counted
// while the body streams, and HTTP errors.
import { describe, expect, it } from "vitest";
import { FetchRefusedError, MAX_BYTES, safeFetch } from "../src/fetch/safe-fetch.ts";
import { FIXTURES_ORIGIN, NEWSWIRE_ORIGIN } from "./support/origins.ts";

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
    const first = await safeFetch(`${FIXTURES_ORIGIN}/feeds/pages.xml`, { accept: "application/rss+xml" });
    const etag = first.headers.get("ETag")!;
    const second = await safeFetch(`${FIXTURES_ORIGIN}/feeds/pages.xml`, {
      accept: "application/rss+xml",
      headers: { "If-None-Match": etag },
    });
    expect(second).toMatchObject({ status: 304, text: "" });
  });
});
