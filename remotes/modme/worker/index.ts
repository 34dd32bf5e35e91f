// ModMe's Worker: it serves the moderation area's built files under /remotes/modme/ (the static assets
// layer answers them before this code runs), so ModMe deploys on its own (`npm run deploy:modme`).
// ModMe is never rendered on the server: it is staff-only and loads in the browser under /modme/*.
export default {
  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    return Response.json({ success: false, error: `File not found: ${pathname}` }, { status: 404 });
  },
} satisfies ExportedHandler;
