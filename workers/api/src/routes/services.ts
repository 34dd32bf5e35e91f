// The votes and comments workers sit behind this gateway, so the browser talks to one origin. Each
// forwarded request carries the gateway's request id, so both workers' log lines share it.
import { withRequestId } from "@unbiased/worker-shared/http/trace";
import { type Context, Hono } from "hono";
import type { ApiEnv } from "../env.ts";

export const serviceRoutes = new Hono<ApiEnv>();

/**
 * The body is read here and sent whole: these workers' calls carry small JSON bodies, and a worker that
 * answers before reading a streamed one (a 401 from its sign-in check) left the gateway's request
 * stream to be read after the response had gone, an uncaught exception in the gateway's log each time.
 */
const forward = (service: Fetcher) => async (c: Context<ApiEnv>) => {
  const request = withRequestId(c.req.raw, c.get("requestId"));
  if (request.body === null) return service.fetch(request);
  return service.fetch(new Request(request, { body: await request.arrayBuffer() }));
};

serviceRoutes.all("/api/votes/*", (c) => forward(c.env.VOTES)(c));
serviceRoutes.all("/api/comments/*", (c) => forward(c.env.COMMENTS)(c));
// Spec §7 lists the unban call without the /api prefix; it must reach the comments worker, not the page fallback.
serviceRoutes.all("/comments/*", (c) => forward(c.env.COMMENTS)(c));
// Spec §7's alternate comment-count path. An article id is never "count", so no article page is shadowed.
serviceRoutes.get("/article/:id/count", (c) => forward(c.env.COMMENTS)(c));
