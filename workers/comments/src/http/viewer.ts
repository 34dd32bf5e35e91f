// Public reads work signed out; a valid bearer token adds the caller's own pending comments and votes.
// An expired or invalid token reads as anonymous rather than failing the page.

import { loadPrincipal, type Principal } from "@unbiased/worker-shared/auth/principal";
import { bearerToken } from "@unbiased/worker-shared/auth/tokens";
import { createDb } from "@unbiased/worker-shared/db/client";
import { createMiddleware } from "hono/factory";
import type { CommentsEnv } from "../env.ts";

export const optionalViewer = createMiddleware<CommentsEnv>(async (c, next) => {
  const token = bearerToken(c.req.header("Authorization"));
  let viewer: Principal | null = null;
  if (token) {
    try {
      viewer = await loadPrincipal(createDb(c.env.DB), c.env.AUTH_SECRET, token);
    } catch {
      viewer = null;
    }
  }
  c.set("viewer", viewer);
  await next();
});
