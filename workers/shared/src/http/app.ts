// Every worker's Hono app starts here, so errors and unknown routes look the same everywhere.
import { Hono, type Env } from "hono";
import { HTTPException } from "hono/http-exception";
import { ApiError } from "./errors.ts";
import type { ApiError as ApiErrorBody } from "../contracts/envelope.ts";

export function createApp<E extends Env>(): Hono<E> {
  const app = new Hono<E>();
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
    // Unexpected: log the detail for operators, never send a stack trace to the client.
    console.error(`${c.req.method} ${c.req.path} failed:`, err);
    return c.json<ApiErrorBody>({ success: false, error: "Something went wrong. Please try again." }, 500);
  });
  return app;
}
