// The local sample newswire lives in the ingest worker; in development the gateway forwards /newswire/*
// to it so it shares the one local origin. Anywhere else these paths do not exist.
import { Hono } from "hono";
import type { ApiEnv } from "../env.ts";

export const newswireRoutes = new Hono<ApiEnv>();

newswireRoutes.all("/newswire/*", async (c, next) => {
  if (c.env.ENVIRONMENT !== "development") return next();
  return c.env.INGEST.fetch(c.req.raw);
});
