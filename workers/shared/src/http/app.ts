// Every worker's Hono app starts here, so errors, unknown routes, body limits, security headers and
// the request log (one JSON line per request, trace.ts) look the same everywhere.
import { type Env, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import type { ApiError as ApiErrorBody } from "../contracts/envelope.ts";
import { d1Sessions } from "./d1-session.ts";
import { ApiError } from "./errors.ts";
import { errorFields, givenRequestId, type LogFields, logLine, REQUEST_ID_HEADER, requestIdFrom } from "./trace.ts";
import { DEFAULT_UNAVAILABLE_MESSAGE, isPlatformFailure, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./unavailable.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** What a platform failure (D1, a Durable Object) answers on this route: spec §8's wording. */
    failureMessage: string;
    /** This request's id (trace.ts): in every log line and passed on to other workers and queues. */
    requestId: string;
    /** More fields for this request's log line (e.g. how a page was answered: from the cache or rendered). */
    logFields: LogFields;
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
  /** The worker's name in its log lines ("gateway", "votes", …). */
  name?: string;
  /** The failure message of every route that sets none (e.g. the votes worker's 'Failed to vote. Please try again.'). */
  failureMessage?: string;
  /**
   * Reached from the internet (the gateway): every request gets a new id, and a caller's X-Request-Id
   * is only logged (`clientRequestId`). Internal workers (the default) keep the gateway's id.
   */
  edge?: boolean;
}

export function createApp<E extends Env>(options: AppOptions = {}): Hono<E> {
  const app = new Hono<E>();
  const worker = options.name ?? "worker";
  app.use(async (c, next) => {
    const edge = options.edge === true;
    const requestId = requestIdFrom(c.req.raw.headers, !edge);
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    // Set by requireAuth when the route needs a signed-in user; only the id is logged.
    const principal = (c.var as { principal?: { userId?: string } }).principal;
    const fields: LogFields = {
      msg: "request",
      worker,
      requestId,
      method: c.req.method,
      // The route's pattern, not the URL: no ids of other people's content, no query string.
      route: c.req.routePath,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
      userId: principal?.userId,
      clientRequestId: edge ? (givenRequestId(c.req.raw.headers) ?? undefined) : undefined,
      ...c.get("logFields"),
    };
    logLine(c.res.status >= 500 ? "error" : "info", fields);
    // After the handler (and the error handler), so even a 404, 413 or 500 carries them.
    const headers: Record<string, string> = { "X-Content-Type-Options": "nosniff", [REQUEST_ID_HEADER]: requestId };
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
  // After the body limit: a request refused unread opens no D1 session.
  app.use(d1Sessions);
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
    const context = { worker, requestId: c.get("requestId"), method: c.req.method, route: c.req.routePath };
    if (isPlatformFailure(err)) {
      logLine("error", { msg: "platform failure, answered 503", ...context, ...errorFields(err) });
      const message = c.get("failureMessage") ?? options.failureMessage ?? DEFAULT_UNAVAILABLE_MESSAGE;
      return c.json<ApiErrorBody>({ success: false, error: message }, 503, {
        "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
      });
    }
    // Unexpected: log the detail for operators (once, here), never send a stack trace to the client.
    logLine("error", { msg: "unexpected error, answered 500", ...context, ...errorFields(err) });
    return c.json<ApiErrorBody>({ success: false, error: "Something went wrong. Please try again." }, 500);
  });
  return app;
}
