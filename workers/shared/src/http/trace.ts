// One structured log line per request and per queue job, tied together by a request id: the gateway
// always makes its own, passes it to the votes and comments workers in the X-Request-Id header of the
// forwarded request and in every queue message, and returns it to the browser. A caller's own
// X-Request-Id never travels on (it could collide with another request's or spoof one): the gateway
// logs it as `clientRequestId` when well-formed, and drops it otherwise. The internal workers, which
// only the gateway can reach, keep the id it gave them. Logs carry ids, routes, statuses and timings
// only: never a token, a query string (the sign-in callback's code travels in one) or an e-mail address.

export const REQUEST_ID_HEADER = "X-Request-Id";

/** Ids we log: UUID-like, so nothing a caller sends can forge or bloat a log line. */
const WELL_FORMED = /^[A-Za-z0-9-]{8,64}$/;

/** A well-formed X-Request-Id of `headers`, else null. */
export function givenRequestId(headers: Headers): string | null {
  const given = headers.get(REQUEST_ID_HEADER);
  return given && WELL_FORMED.test(given) ? given : null;
}

/**
 * This request's id: a new one at the edge (`trustGiven` false), the one the gateway gave an internal
 * worker (`trustGiven` true) when it is well-formed.
 */
export function requestIdFrom(headers: Headers, trustGiven: boolean): string {
  return (trustGiven ? givenRequestId(headers) : null) ?? crypto.randomUUID();
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
