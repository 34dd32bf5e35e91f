// Requests no static asset matched. A remote's files go to that remote's own Worker (the reader and
// ModMe deploy on their own, docs/decisions/016-fragments.md); a page is composed (pages/compose.ts);
// a missing file (a stale chunk, say) gets a real 404, never a page posing as JavaScript.
import { notFound } from "@unbiased/worker-shared/http/errors";
import { Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import { composePage } from "../pages/compose.ts";

export const pageRoutes = new Hono<ApiEnv>();

const looksLikeFile = (path: string) => /\.[a-z0-9]+$/i.test(path) || path.startsWith("/assets/");

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

pageRoutes.get("*", async (c) => {
  if (looksLikeFile(c.req.path)) throw notFound(`File not found: ${c.req.path}`);
  const page = await composePage({
    url: new URL(c.req.url),
    env: c.env,
    gateway: c.get("gateway"),
    requestId: c.get("requestId"),
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  });
  if (!page) throw notFound("The web app has not been built. Run `npm run build:web`.");
  return page;
});
