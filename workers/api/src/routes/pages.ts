// Requests no static asset matched. A remote's files go to that remote's own Worker (the reader and
// ModMe deploy on their own, docs/decisions/016-fragments.md); a page is composed (pages/compose.ts),
// a reader's page from the page cache when it has it (pages/page-cache.ts, ADR 020); a missing file
// (a stale chunk, say) gets a real 404, never a page posing as JavaScript.

import { outletDomain } from "@unbiased/worker-shared/contracts/outlets";
import { matchReaderPage } from "@unbiased/worker-shared/contracts/page";
import { outletPath } from "@unbiased/worker-shared/contracts/paths";
import { createDb } from "@unbiased/worker-shared/db/client";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import { composePage } from "../pages/compose.ts";
import { cachedPage, uncachedPage } from "../pages/page-cache.ts";
import { pageKey } from "../pages/page-key.ts";
import { pageVersions } from "../pages/page-versions.ts";

export const pageRoutes = new Hono<ApiEnv>();

/** A file's address; an outlet's page ends in its domain's ending (/source/bbc.co.uk) and is a page. */
const looksLikeFile = (path: string) =>
  (/\.[a-z0-9]+$/i.test(path) && matchReaderPage(path)?.page !== "source") || path.startsWith("/assets/");

pageRoutes.all("/api/*", (c) => {
  throw notFound(`No route for ${c.req.method} ${c.req.path}`);
});

/** A remote's file from its Worker; a miss is never cached (a chunk may appear with the next deploy). */
async function remoteFile(remote: Fetcher, request: Request): Promise<Response> {
  const response = await remote.fetch(request);
  if (response.ok || response.status === 304) return response;
  const miss = new Response(response.body, response);
  miss.headers.set("Cache-Control", "no-store");
  return miss;
}

pageRoutes.get("/remotes/reader/*", (c) => remoteFile(c.env.READER, c.req.raw));
pageRoutes.get("/remotes/modme/*", (c) => remoteFile(c.env.MODME, c.req.raw));

// An outlet's page has one address: another spelling of its domain ("www.", capitals, a name in
// Unicode, percent-escapes) is sent on to it, so each outlet is one page to render and to cache. What
// is no domain at all goes on to the reader, whose page answers the API's 404.
pageRoutes.get("/source/:domain", async (c, next) => {
  const domain = outletDomain(c.req.param("domain"));
  const canonical = domain === null ? null : outletPath(domain);
  // The address as sent: Hono's path is decoded, and "%62bc.co.uk" is another spelling too.
  const { pathname, search } = new URL(c.req.url);
  if (canonical === null || canonical === pathname) return next();
  return c.redirect(canonical + search, 301);
});

pageRoutes.get("*", async (c) => {
  if (looksLikeFile(c.req.path)) throw notFound(`File not found: ${c.req.path}`);
  const url = new URL(c.req.url);
  const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
  const render = (pageUrl: URL) => (nonce: string) =>
    composePage({
      url: pageUrl,
      nonce,
      env: c.env,
      gateway: c.get("gateway"),
      requestId: c.get("requestId"),
      waitUntil,
    });
  const note = (fields: Record<string, string | number | undefined>) =>
    c.set("logFields", { ...c.get("logFields"), ...fields });
  const key = pageKey(url);
  const page = key.cacheable
    ? await cachedPage({
        key: await pageCacheAddress(c.env, key.path, url.origin),
        // The page of the key's address: a parameter the page does not read is not rendered either.
        render: render(new URL(key.path, url.origin)),
        waitUntil,
        note,
      })
    : await uncachedPage(render(url), note);
  if (!page) throw notFound("The web app has not been built. Run `npm run build:web`.");
  return page;
});

/** Where a page is kept: its key's address, under the versions its HTML depends on (page-versions.ts). */
async function pageCacheAddress(env: Env, path: string, origin: string): Promise<string> {
  const { content, shell, reader } = await pageVersions(env, createDb(env.DB), origin);
  const address = new URL(path, "https://pages.cache");
  address.searchParams.set("__v", `${content}.${shell}.${reader}`);
  return address.href;
}
