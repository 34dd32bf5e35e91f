// One structured log line per request and per queue job, tied together by a request id: the gateway
// makes it (or keeps a well-formed one it was given), passes it to the votes and comments workers in
// the X-Request-Id header of the forwarded request and in every queue message, and returns it to the
// browser. Logs carry ids, routes, statuses and timings only: never a token, a query string (the
// sign-in callback's code travels in one) or an e-mail address.

export const REQUEST_ID_HEADER = "X-Request-Id";

/** Ids we accept from a caller: UUID-like, so nothing a caller sends can forge or bloat a log line. */
const WELL_FORMED = /^[A-Za-z0-9-]{8,64}$/;

/** The caller's request id when well-formed, else a new one. */
export function requestIdFrom(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return given && WELL_FORMED.test(given) ? given : crypto.randomUUID();
}

/** A copy of `request` that carries `requestId` to the next worker (a service binding's fetch). */
export function withRequestId(request: Request, requestId: string): Request {
  const forwarded = new Request(request);
  forwarded.headers.set(REQUEST_ID_HEADER, requestId);
  return forwarded;
}

export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** One JSON line on the worker's log (Workers Logs and `wrangler tail` parse it into fields). */
export function logLine(level: "info" | "warn" | "error", fields: LogFields): void {
  const line = JSON.stringify({ level, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/**
 * The innermost cause of an error. Drizzle wraps D1's error in "Failed query: <sql> params: <values>",
 * which says neither what failed nor is fit for a log (the values are users' data: e-mails, content).
 */
export function innermostError(err: unknown): unknown {
  let current = err;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause instanceof Error; depth++) {
    current = current.cause;
  }
  return current;
}

/** An error as log fields: its innermost cause's name and message, and where it was thrown. */
export function errorFields(err: unknown): LogFields {
  const cause = innermostError(err);
  if (!(cause instanceof Error)) return { error: String(cause) };
  return { error: `${cause.name}: ${cause.message}`, stack: cause.stack?.split("\n").slice(1, 4).join(" | ") };
}
