// The votes and comments workers sit behind this gateway, so the browser talks to one origin. Each
// forwarded request carries the gateway's request id, so both workers' log lines share it.
import { withRequestId } from "@unbiased/worker-shared/http/trace";
import { type Context, Hono } from "hono";
import type { ApiEnv } from "../env.ts";

export const serviceRoutes = new Hono<ApiEnv>();

const forward = (service: Fetcher) => (c: Context<ApiEnv>) =>
  service.fetch(withRequestId(c.req.raw, c.get("requestId")));

serviceRoutes.all("/api/votes/*", (c) => forward(c.env.VOTES)(c));
serviceRoutes.all("/api/comments/*", (c) => forward(c.env.COMMENTS)(c));
// Spec §7 lists the unban call without the /api prefix; it must reach the comments worker, not the page fallback.
serviceRoutes.all("/comments/*", (c) => forward(c.env.COMMENTS)(c));
// Spec §7's alternate comment-count path. An article id is never "count", so no article page is shadowed.
serviceRoutes.get("/article/:id/count", (c) => forward(c.env.COMMENTS)(c));
