// The web as the ingest tests see it (Node side, miniflare's outboundService): every fetch the worker
// makes lands here and nothing reaches the internet. It speaks HTTP like the real thing: status codes,
// redirects, conditional GET, content types, streamed bodies.
//   http://127.0.0.1:8799/newswire/…   the sample newswire, rendered by the worker's own newswire code
//   https://fixtures.example/…          files from test/fixtures, plus the special paths below
//   https://api.pexels.com/v1/search    a stock-photo answer (when a test configures a key)
//   https://dns.test/dns-query          a DNS-over-HTTPS resolver (JSON), with the zone below
// Anything else answers 502, so a test that strays shows up as a failed fetch, not a hang.
import { existsSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { type Request, Response } from "miniflare";
import { NEWSWIRE_ARTICLES } from "../../src/newswire/corpus.ts";
import { renderArticlePage, renderFeed } from "../../src/newswire/render.ts";
import { DNS_RESOLVER, FIXTURES_ORIGIN, NEWSWIRE_ORIGIN } from "./origins.ts";

const FIXTURES = join(import.meta.dirname, "../fixtures");
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".xml": "application/rss+xml; charset=utf-8",
  ".atom": "application/atom+xml; charset=utf-8",
  ".json": "application/feed+json",
  ".pdf": "application/pdf",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
};

/** Requests seen, newest last; GET https://fixtures.example/__requests returns them (conditional-GET tests read it). */
const seen: { url: string; headers: Record<string, string> }[] = [];

/** Some fixture paths fail a given number of times before they work, to exercise retries. */
const failuresLeft = new Map<string, number>();

function newswire(url: URL): Response {
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  if (url.pathname === "/newswire/feed.xml")
    return new Response(renderFeed(NEWSWIRE_ARTICLES, url.origin, now), {
      headers: { "Content-Type": TYPES[".xml"]! },
    });
  const key = decodeURIComponent(url.pathname.replace(/^\/newswire\/articles\//, ""));
  const article = NEWSWIRE_ARTICLES.find((a) => a.key === key);
  return article
    ? new Response(renderArticlePage(article, now), { headers: { "Content-Type": TYPES[".html"]! } })
    : new Response("not found", { status: 404 });
}

/** A body that never ends before 3 MB, streamed in 64 KiB chunks. */
function hugeBody(): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(`<p>${"word ".repeat(13_000)}</p>`);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent > 3 * 1024 * 1024) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

function fixtures(url: URL, request: Request): Response {
  const path = url.pathname;
  if (path === "/__requests") return Response.json(seen);
  const redirect = path.match(/^\/redirect\/(\d+)$/);
  if (redirect) {
    const n = Number(redirect[1]);
    return new Response(null, {
      status: 302,
      headers: { Location: n > 1 ? `/redirect/${n - 1}` : "/pages/article.html" },
    });
  }
  if (path === "/redirect-to-loopback")
    return new Response(null, { status: 301, headers: { Location: "http://127.0.0.1/admin" } });
  const redirectToName = path.match(/^\/redirect-to-name\/([\w.-]+)$/);
  if (redirectToName)
    return new Response(null, {
      status: 302,
      headers: { Location: `https://${redirectToName[1]}/pages/article.html` },
    });
  if (path === "/redirect-to-metadata")
    return new Response(null, { status: 307, headers: { Location: "http://169.254.169.254/latest/meta-data/" } });
  if (path === "/huge.html") return new Response(hugeBody(), { headers: { "Content-Type": TYPES[".html"]! } });
  if (path === "/declared-huge.html")
    return new Response("<p>small</p>", {
      headers: { "Content-Type": TYPES[".html"]!, "Content-Length": String(5 * 1024 * 1024) },
    });
  if (path === "/server-error.html") return new Response("boom", { status: 500 });
  if (path === "/images/declared-huge.jpg")
    return new Response("\xff\xd8\xff", {
      headers: { "Content-Type": "image/jpeg", "Content-Length": String(6 * 1024 * 1024) },
    });
  const flaky = path.match(/^\/flaky\/(\d+)\/(.+)$/);
  if (flaky) {
    const left = failuresLeft.get(path) ?? Number(flaky[1]);
    if (left > 0) {
      failuresLeft.set(path, left - 1);
      return new Response("temporarily unavailable", { status: 503 });
    }
    return fixtures(new URL(`/${flaky[2]}`, url), request);
  }
  const file = join(FIXTURES, path);
  if (!file.startsWith(FIXTURES) || !existsSync(file)) return new Response("not found", { status: 404 });
  const body = readFileSync(file);
  const etag = `"${body.length}-${path}"`;
  if (request.headers.get("If-None-Match") === etag)
    return new Response(null, { status: 304, headers: { ETag: etag } });
  return new Response(body, {
    headers: {
      "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
      ETag: etag,
      "Last-Modified": "Mon, 01 Jun 2026 08:00:00 GMT",
    },
  });
}

/**
 * The names the resolver knows: what a public-looking name may really point at. Records as RFC 8484's
 * JSON form lists them (type 1 = A, 5 = CNAME, 28 = AAAA); a name not listed does not exist.
 */
export const DNS_ZONE: Record<string, { type: number; data: string }[]> = {
  "fixtures.example": [{ type: 1, data: "93.184.215.14" }],
  "api.pexels.com": [{ type: 1, data: "104.18.20.100" }],
  "public-v6.example": [{ type: 28, data: "2606:4700::6810:84e5" }],
  "loopback.example": [{ type: 1, data: "127.0.0.1" }],
  "intranet-ip.example": [{ type: 1, data: "10.20.30.40" }],
  "metadata.example": [{ type: 1, data: "169.254.169.254" }],
  "mixed.example": [
    { type: 1, data: "93.184.215.14" },
    { type: 1, data: "192.168.0.10" },
  ],
  "private-v6.example": [
    { type: 1, data: "93.184.215.14" },
    { type: 28, data: "fd00::5" },
  ],
  "alias.example": [
    { type: 5, data: "internal-host.example." },
    { type: 1, data: "172.16.0.9" },
  ],
  "no-address.example": [],
};

function dnsOverHttps(url: URL, request: Request): Response {
  if (request.headers.get("Accept") !== "application/dns-json") return new Response("bad accept", { status: 415 });
  const name = (url.searchParams.get("name") ?? "").replace(/\.$/, "").toLowerCase();
  const type = url.searchParams.get("type") === "AAAA" ? 28 : 1;
  const records = DNS_ZONE[name];
  if (!records) return Response.json({ Status: 3, Question: [{ name, type }] });
  const answer = records.filter((r) => r.type === type || r.type === 5).map((r) => ({ name, TTL: 60, ...r }));
  return Response.json({ Status: 0, Question: [{ name, type }], ...(answer.length ? { Answer: answer } : {}) });
}

function pexels(url: URL): Response {
  return Response.json({
    photos: [
      {
        photographer: "Ana Lens",
        src: {
          landscape: `https://images.pexels.example/${encodeURIComponent(url.searchParams.get("query") ?? "")}.jpg`,
        },
      },
    ],
  });
}

export function webStandIn(request: Request): Response {
  const url = new URL(request.url);
  if (url.pathname !== "/__requests") seen.push({ url: url.href, headers: Object.fromEntries(request.headers) });
  if (url.origin === NEWSWIRE_ORIGIN) return newswire(url);
  if (url.origin === FIXTURES_ORIGIN) return fixtures(url, request);
  if (url.origin === "https://api.pexels.com") return pexels(url);
  if (`${url.origin}${url.pathname}` === DNS_RESOLVER) return dnsOverHttps(url, request);
  return new Response(`web stand-in: no route for ${url.href}`, { status: 502 });
}
