// Failures that are the platform's, not the request's: D1 or a Durable Object out of capacity, busy,
// reset or unreachable. They are answered 503 with Retry-After and the route's own failure message
// (spec §8's wording, e.g. 'Failed to vote. Please try again.'), never a 500: the request was fine and
// will succeed when repeated, and nothing was half-written (every write is one batch or transaction).

/** What workerd's D1 and Durable Object errors carry (the properties are documented for DO errors). */
interface PlatformError {
  message?: unknown;
  retryable?: unknown;
  overloaded?: unknown;
  cause?: unknown;
}

const PLATFORM_FAILURE =
  /\bD1_|SQLITE_(BUSY|NOMEM|FULL|IOERR|LOCKED|CANTOPEN)|Durable Object (is overloaded|reset)|storage operation exceeded timeout|Network connection lost|internal error|exceeded (its|the) (memory|CPU)|Too many (API requests|subrequests)/i;

/**
 * D1 errors that are the request's or the code's, not the platform's: a constraint the data broke, a
 * value of the wrong type, a bad statement. Repeating the request cannot help, so they are no 503; a
 * request that reaches one got past a validation it should not have (a bug, answered 500).
 */
const NOT_THE_PLATFORM =
  /constraint failed|SQLITE_(CONSTRAINT|MISMATCH|TOOBIG|RANGE)|D1_TYPE_ERROR|D1_COLUMN_NOTFOUND|syntax error|no such (table|column)/i;

/** Drizzle's wrapper of a failed query: its text is the SQL and the bound values, which say nothing of the failure. */
const DRIZZLE_QUERY = /^Failed query: /;

/** How deep a chain of causes is followed (a guard against a cycle, not a limit ever reached). */
const MAX_CAUSES = 5;

export function isPlatformFailure(err: unknown): boolean {
  // Drizzle wraps a failed query in its own error ("Failed query: select …") with D1's error as its
  // cause, so the platform's error is looked for down the chain, not only at the top.
  let current = err;
  for (let depth = 0; depth <= MAX_CAUSES && typeof current === "object" && current !== null; depth++) {
    const { message, retryable, overloaded, cause } = current as PlatformError;
    if (retryable === true || overloaded === true) return true;
    if (typeof message === "string" && !(DRIZZLE_QUERY.test(message) && cause !== undefined)) {
      if (NOT_THE_PLATFORM.test(message)) return false;
      if (PLATFORM_FAILURE.test(message)) return true;
    }
    current = cause;
  }
  return false;
}

/** Seconds a client should wait before repeating a request the platform could not serve. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

/** The answer when a route set no failure message of its own. */
export const DEFAULT_UNAVAILABLE_MESSAGE = "The service is busy. Please try again.";
