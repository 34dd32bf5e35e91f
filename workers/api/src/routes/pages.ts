// Requests that no static asset matched. Page routes of the single-page app get index.html; a
// missing file (a stale remote chunk, say) gets a real 404, never index.html posing as JavaScript.
import { Hono } from "hono";
import { notFound } from "@unbiased/worker-shared/http/errors";
import type { ApiEnv } from "../env.ts";

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
  return new Response(shell.body, { status: 200, headers });
});
