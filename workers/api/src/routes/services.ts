// The votes and comments workers sit behind this gateway, so the browser talks to one origin.
import { Hono } from "hono";
import type { ApiEnv } from "../env.ts";

export const serviceRoutes = new Hono<ApiEnv>();

serviceRoutes.all("/api/votes/*", (c) => c.env.VOTES.fetch(c.req.raw));
serviceRoutes.all("/api/comments/*", (c) => c.env.COMMENTS.fetch(c.req.raw));
// Spec §7 lists the unban call without the /api prefix; it must reach the comments worker, not the page fallback.
serviceRoutes.all("/comments/*", (c) => c.env.COMMENTS.fetch(c.req.raw));
// Spec §7's alternate comment-count path. An article id is never "count", so no article page is shadowed.
serviceRoutes.get("/article/:id/count", (c) => c.env.COMMENTS.fetch(c.req.raw));
