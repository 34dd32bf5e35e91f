// Which failures answer 503 + Retry-After (the platform's: repeat the request) and which do not (the
// request's or the code's: repeating cannot help). The errors are shaped as workerd and drizzle give them.
import { describe, expect, it } from "vitest";
import { isPlatformFailure } from "../src/http/unavailable.ts";

/** How drizzle 0.45 wraps a failed D1 query (DrizzleQueryError: the SQL and values, D1's error as cause). */
const drizzleWrapped = (cause: Error, params = "1,2") =>
  Object.assign(new Error(`Failed query: insert into "comments" values (?, ?)\nparams: ${params}`), { cause });

describe("isPlatformFailure", () => {
  it.each([
    ["D1 unreachable", new Error("D1_ERROR: Network connection lost.")],
    [
      "D1 reset after a timeout",
      new Error("D1_ERROR: D1 DB storage operation exceeded timeout which caused object to be reset."),
    ],
    ["D1 out of memory", new Error("D1_ERROR: out of memory: SQLITE_NOMEM")],
    ["a D1 error inside drizzle's wrapper", drizzleWrapped(new Error("D1_ERROR: Network connection lost."))],
    ["an overloaded Durable Object", Object.assign(new Error("Durable Object is overloaded."), { overloaded: true })],
    [
      "an error workerd marks retryable",
      Object.assign(new Error("The object's code was updated."), { retryable: true }),
    ],
  ])("%s is the platform's", (_, err) => {
    expect(isPlatformFailure(err)).toBe(true);
  });

  it.each([
    [
      "a CHECK constraint",
      new Error("D1_ERROR: CHECK constraint failed: comments_content_length_check: SQLITE_CONSTRAINT"),
    ],
    [
      "a UNIQUE constraint in drizzle's wrapper",
      drizzleWrapped(new Error("D1_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT")),
    ],
    ["a wrong-typed value", new Error("D1_TYPE_ERROR: Type 'undefined' not supported for value 'undefined'")],
    ["a bad statement", new Error(`D1_ERROR: near "SELEC": syntax error at offset 0: SQLITE_ERROR`)],
    // A user's text in the bound values must not decide: only D1's own error does.
    [
      "a constraint whose values mention a network error",
      drizzleWrapped(new Error("D1_ERROR: CHECK constraint failed: SQLITE_CONSTRAINT"), "Network connection lost"),
    ],
    ["an error of the code", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["not an error at all", "D1_ERROR"],
  ])("%s is not", (_, err) => {
    expect(isPlatformFailure(err)).toBe(false);
  });
});
