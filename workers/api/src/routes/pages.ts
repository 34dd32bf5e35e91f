// Requests that no static asset matched. Page routes of the single-page app get index.html; a
// missing file (a stale remote chunk, say) gets a real 404, never index.html posing as JavaScript.
// The feed, article and search pages get their first screen rendered into that HTML, with the data
// it was rendered from inline (docs/decisions/013-first-html.md).
import { commentCountData, pageDataRequests, renderPage, voteCountData } from "@unbiased/first-html";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import { headLinks, inlineStylesheets, readFirstHtmlAssets, startScriptsAfterPaint } from "../first-html/assets.ts";
import { injectFirstPage } from "../first-html/inject.ts";
import { loadPageData } from "../first-html/page-data.ts";

export const pageRoutes = new Hono<ApiEnv>();

const looksLikeFile = (path: string) =>
  /\.[a-z0-9]+$/i.test(path) || path.startsWith("/assets/") || path.startsWith("/remotes/");

pageRoutes.all("/api/*", (c) => {
  throw notFound(`No route for ${c.req.method} ${c.req.path}`);
});

pageRoutes.get("*", async (c) => {
  if (looksLikeFile(c.req.path)) throw notFound(`File not found: ${c.req.path}`);
  const shell = await c.env.ASSETS.fetch(new URL("/", c.req.url));
  if (!shell.ok) throw notFound("The web app has not been built. Run `npm run build:web`.");
  const headers = new Headers(shell.headers);
  headers.set("Cache-Control", "no-cache");
  headers.delete("ETag");
  headers.delete("Content-Length");
  const html = await shell.text();
  const firstHtml = await renderFirstHtml(c.req.url, html, c.get("gateway"), c.env.ASSETS);
  return new Response(firstHtml ?? html, { status: 200, headers });
});

/**
 * The shell's HTML with the page rendered into it, or null to send the shell alone: a page that is
 * not rendered on the server (sign-in, profile), data the API refused, or a render that failed — the
 * app in the browser then renders the page as it always did.
 */
async function renderFirstHtml(
  url: string,
  shellHtml: string,
  gateway: (request: Request) => Promise<Response>,
  assetsBinding: Fetcher,
): Promise<string | null> {
  const plan = pageDataRequests(url);
  if (!plan) return null;
  const { origin, pathname, search } = new URL(url);
  try {
    const [data, assets] = await Promise.all([
      loadPageData(plan.requests, origin, gateway),
      readFirstHtmlAssets(assetsBinding, origin),
    ]);
    if (!data) return null;
    const post = postJson(origin, gateway);
    const [votes, comments] = await Promise.all([voteCountData(data, post), commentCountData(data, post)]);
    Object.assign(data, votes, comments);
    const renderedMinute = Math.floor(Date.now() / 60_000) * 60_000;
    const page = await renderPage({ url: pathname + search, origin, data });
    const html = injectFirstPage(shellHtml, page, data, renderedMinute, headLinks(assets, plan.kind));
    return html && startScriptsAfterPaint(await inlineStylesheets(html, assetsBinding, origin));
  } catch (error) {
    console.error("first HTML not rendered:", url, error);
    return null;
  }
}

/** A JSON POST to the gateway's own API (the vote counts' batch call); rejects on a failure. */
const postJson =
  (origin: string, gateway: (request: Request) => Promise<Response>) => async (path: string, body: unknown) => {
    const response = await gateway(
      new Request(new URL(path, origin), {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
      }),
    );
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return response.json();
  };
