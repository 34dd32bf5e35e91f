// CSRF defence for the auth endpoints a cookie alone can drive (dev, google, exchange, refresh, logout):
// - JSON only: a cross-site <form> cannot send `Content-Type: application/json`, and a cross-site
//   fetch that does needs a CORS preflight, which this origin never answers;
// - a browser's own word on where the request came from (`Origin`, `Sec-Fetch-Site`) must say this
//   site. A request with neither header is not from a browser page (curl, scripts, the benchmark)
//   and stays allowed: it carries no cookie a third party could ride on.

import { ApiError, forbidden } from "@unbiased/worker-shared/http/errors";
import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../env.ts";

export const CROSS_SITE_MESSAGE = "Cross-site request refused";
export const JSON_REQUIRED_MESSAGE = "Content-Type must be application/json";

const isJson = (contentType: string | undefined) =>
  contentType?.split(";")[0]?.trim().toLowerCase() === "application/json";

/** `same-origin`, or `none` (typed into the address bar, a bookmark): never `same-site` or `cross-site`. */
const SAFE_FETCH_SITES = new Set(["same-origin", "none"]);

export const sameOriginJson = createMiddleware<ApiEnv>(async (c, next) => {
  const origin = c.req.header("Origin");
  if (origin !== undefined) {
    const allowed = new Set([new URL(c.req.url).origin, new URL(c.env.APP_ORIGIN).origin]);
    if (!allowed.has(origin)) throw forbidden(CROSS_SITE_MESSAGE);
  }
  const fetchSite = c.req.header("Sec-Fetch-Site");
  if (fetchSite !== undefined && !SAFE_FETCH_SITES.has(fetchSite.toLowerCase())) throw forbidden(CROSS_SITE_MESSAGE);
  if (!isJson(c.req.header("Content-Type"))) throw new ApiError(415, JSON_REQUIRED_MESSAGE);
  await next();
});
