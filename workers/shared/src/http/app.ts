// Every worker's Hono app starts here, so errors, unknown routes, body limits and security headers
// look the same everywhere.
import { type Env, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import type { ApiError as ApiErrorBody } from "../contracts/envelope.ts";
import { ApiError } from "./errors.ts";
import { DEFAULT_UNAVAILABLE_MESSAGE, isPlatformFailure, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./unavailable.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** What a platform failure (D1, a Durable Object) answers on this route: spec §8's wording. */
    failureMessage: string;
  }
}

/** Sets the message a platform failure answers with on the routes after it (e.g. 'Failed to load articles'). */
export const failureMessage = (message: string) =>
  createMiddleware(async (c, next) => {
    c.set("failureMessage", message);
    await next();
  });

/** Every request body this API accepts is a small JSON document; anything larger is refused unread. */
export const MAX_BODY_BYTES = 64 * 1024;
export const BODY_TOO_LARGE_MESSAGE = `Request body is too large (limit ${MAX_BODY_BYTES / 1024} KB)`;

/** One year, subdomains included: sent only when deployed (HTTPS, not the local development stack). */
const HSTS = "max-age=31536000; includeSubDomains";

const deployed = (env: unknown, url: string) =>
  (env as { ENVIRONMENT?: string } | undefined)?.ENVIRONMENT !== "development" && url.startsWith("https:");

export interface AppOptions {
  /** The failure message of every route that sets none (e.g. the votes worker's 'Failed to vote. Please try again.'). */
  failureMessage?: string;
}

export function createApp<E extends Env>(options: AppOptions = {}): Hono<E> {
  const app = new Hono<E>();
  app.use(async (c, next) => {
    await next();
    // After the handler (and the error handler), so even a 404, 413 or 500 carries them.
    const headers: Record<string, string> = { "X-Content-Type-Options": "nosniff" };
    if (deployed(c.env, c.req.url)) headers["Strict-Transport-Security"] = HSTS;
    // Nothing is stored by a browser or a proxy unless its route says it may be: responses with
    // tokens (sign-in, refresh, the ModMe gate) or personal data (verify, profile, history, ModMe
    // user data) must never be, and a route that is public sets its own Cache-Control.
    if (!c.res.headers.has("Cache-Control")) headers["Cache-Control"] = "no-store";
    try {
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    } catch {
      // A response passed through from fetch(), a service binding or the cache has immutable headers.
      c.res = new Response(c.res.body, c.res);
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    }
  });
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json<ApiErrorBody>({ success: false, error: BODY_TOO_LARGE_MESSAGE }, 413),
    }),
  );
  app.notFound((c) =>
    c.json<ApiErrorBody>({ success: false, error: `No route for ${c.req.method} ${c.req.path}` }, 404),
  );
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json<ApiErrorBody>({ success: false, error: err.message }, err.status, err.headers);
    }
    if (err instanceof HTTPException) {
      return c.json<ApiErrorBody>({ success: false, error: err.message || "Request failed" }, err.status);
    }
    if (isPlatformFailure(err)) {
      console.error(`${c.req.method} ${c.req.path}: the platform failed (answered 503):`, err);
      const message = c.get("failureMessage") ?? options.failureMessage ?? DEFAULT_UNAVAILABLE_MESSAGE;
      return c.json<ApiErrorBody>({ success: false, error: message }, 503, {
        "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
      });
    }
    // Unexpected: log the detail for operators, never send a stack trace to the client.
    console.error(`${c.req.method} ${c.req.path} failed:`, err);
    return c.json<ApiErrorBody>({ success: false, error: "Something went wrong. Please try again." }, 500);
  });
  return app;
}
