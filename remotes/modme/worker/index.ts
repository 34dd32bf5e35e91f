// ModMe's Worker: it serves the moderation area's built files under /remotes/modme/ (the static assets
// layer answers them before this code runs), so ModMe deploys on its own (`npm run deploy:modme`).
// ModMe is never rendered on the server (it is staff-only and its data needs the staff member's
// tokens): the page's first HTML gets only the page's frame from here, its heading and the guard's
// loading line, the same for everyone (docs/decisions/024-modme-first-html.md).
import { modmeFirstHtmlPath } from "@unbiased/worker-shared/contracts/page";
import { frameForPath, frameHtml } from "../src/frame/pageFrames.ts";

const notFound = (pathname: string) =>
  Response.json({ success: false, error: `File not found: ${pathname}` }, { status: 404 });

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== modmeFirstHtmlPath()) return notFound(url.pathname);
    const frame = frameForPath(url.searchParams.get("path") ?? "");
    if (!frame) return Response.json({ success: false, error: "No ModMe page has this path" }, { status: 404 });
    // The frames change with a deploy of this Worker only: a minute in any cache is plenty.
    return new Response(`<div class="modme" data-remote="modme">${frameHtml(frame)}</div>`, {
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=60" },
    });
  },
} satisfies ExportedHandler;
