// Property-based request bodies for the fuzz tests (fast-check): for one JSON endpoint, bodies that
// have its own fields (plausible, wrong-typed, missing, huge, unicode, deeply nested) or are any JSON
// at all, malformed JSON, or too large. The properties every endpoint must keep: never a 5xx, every 4xx
// is {success:false, error:<a non-empty message>}, and a refused request wrote nothing.
import fc from "fast-check";
import { expect } from "vitest";
import { MAX_BODY_BYTES } from "../src/http/app.ts";
import { snapshotTables } from "./fault-sweep.ts";

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * A string whose JSON encoding is 1–60 KB, so the body stays under the 64 KB limit: ASCII, accents,
 * emoji, markup and control characters (which JSON escapes to six bytes each).
 */
const hugeString = fc
  .tuple(
    fc.constantFrom("a", "é", "😀", "<script>alert(1)</script>", "\u0000", "\u202e", "'; DROP TABLE users; --"),
    fc.integer({ min: 1_000, max: 60_000 }),
  )
  .map(([piece, bytes]) =>
    piece.repeat(Math.max(1, Math.floor(bytes / utf8Bytes(JSON.stringify(piece).slice(1, -1))))),
  );

/** Text in any script, with combining marks, right-to-left overrides and lone code points. */
const unicodeString = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 60 }),
);

/** An object or array nested 20–300 levels deep. */
const deepNesting = fc.tuple(fc.integer({ min: 20, max: 300 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
});

/** Anything a JSON field could hold that it should not. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  hugeString,
  unicodeString,
  deepNesting,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0.5, "", " ", "null", "[object Object]", "__proto__"),
);

/** Not JSON, or not quite: truncated documents, single quotes, bare words, binary. */
const malformedJson = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "{",
    "[",
    "}",
    '{"a":}',
    "{'a':1}",
    "nul",
    "undefined",
    "NaN",
    '{"a":1,}',
    "\u0000",
    '"unterminated',
  ),
  fc.string({ maxLength: 200 }),
  fc
    .jsonValue({ maxDepth: 3 })
    .map((value) => JSON.stringify(value))
    .filter((text) => text.length > 1)
    .chain((text) => fc.integer({ min: 1, max: text.length - 1 }).map((cut) => text.slice(0, cut))),
);

/** Field name → the values that endpoint would accept (or nearly): the fuzz mixes them with anyValue. */
export type Fields = Record<string, fc.Arbitrary<unknown>>;

/** Raw request bodies for an endpoint whose JSON has `fields`. */
export function jsonBodies(fields: Fields): fc.Arbitrary<string> {
  const plausibleOrNot = Object.fromEntries(
    Object.entries(fields).map(([name, values]) => [name, fc.oneof(values, values, anyValue)]),
  );
  return fc.oneof(
    // Every field there and plausible: many of these are accepted, which shows a change can be seen.
    { weight: 2, arbitrary: fc.record(fields).map((body) => JSON.stringify(body)) },
    // The endpoint's own shape: every field plausible, wrong or missing.
    { weight: 5, arbitrary: fc.record(plausibleOrNot, { requiredKeys: [] }).map((body) => JSON.stringify(body)) },
    // The same with keys it does not know.
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.record(plausibleOrNot, { requiredKeys: [] }),
          fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 4 }),
        )
        .map(([body, extra]) => JSON.stringify({ ...extra, ...body })),
    },
    // Any JSON document at all: arrays, strings, numbers, null.
    { weight: 2, arbitrary: anyValue.map((value) => JSON.stringify(value) ?? "null") },
    { weight: 2, arbitrary: malformedJson },
    // Past the body limit: refused unread.
    { weight: 1, arbitrary: fc.constant(JSON.stringify({ padding: "x".repeat(MAX_BODY_BYTES + 1) })) },
  );
}

export interface FuzzEndpoint {
  /** Where the request is addressed (some routes answer only on the local host). */
  origin?: string;
  method: string;
  /** The path (fixed for the run: the body is what is fuzzed). */
  path: string;
  headers?: Record<string, string>;
  /**
   * Headers made anew for each body, before the tables are read (e.g. a fresh user's token, for an
   * endpoint that an accepted body uses up, like deleting the account).
   */
  headersFor?: () => Promise<Record<string, string>>;
  fields: Fields;
  /** Tables the endpoint writes: a refused request must leave them as they were. */
  tables: string[];
  /** Anything else a refused request must leave as it was (e.g. a Durable Object's counts). */
  unchanged?: () => Promise<unknown>;
}

export interface FuzzReport {
  endpoint: string;
  requests: number;
  statuses: Record<number, number>;
  /** The first message seen with each refusal status, to show what the refusals said. */
  messages: Record<number, string>;
}

/**
 * Sends `numRuns` fuzzed bodies to one endpoint through `send` and checks the properties on each
 * answer. fast-check prints the seed and the smallest failing body when a property breaks.
 */
export async function fuzzEndpoint(
  d1: D1Database,
  endpoint: FuzzEndpoint,
  send: (request: Request) => Promise<Response>,
  numRuns: number,
): Promise<FuzzReport> {
  const report: FuzzReport = {
    endpoint: `${endpoint.method} ${endpoint.path}`,
    requests: 0,
    statuses: {},
    messages: {},
  };
  await fc.assert(
    fc.asyncProperty(jsonBodies(endpoint.fields), async (body) => {
      const fresh = await endpoint.headersFor?.();
      const before = await snapshotTables(d1, endpoint.tables);
      const beforeOther = await endpoint.unchanged?.();
      const res = await send(
        new Request(`${endpoint.origin ?? "https://fuzz.test"}${endpoint.path}`, {
          method: endpoint.method,
          headers: { "content-type": "application/json", ...endpoint.headers, ...fresh },
          body,
        }),
      );
      report.requests += 1;
      report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
      expect(res.status, `answered ${res.status} to ${body.slice(0, 200)}`).toBeLessThan(500);
      if (res.status < 400) {
        await res.body?.cancel();
        return;
      }
      const answer = (await res.json()) as { success?: unknown; error?: unknown };
      expect(answer.success).toBe(false);
      expect(typeof answer.error === "string" && answer.error.trim().length > 0, JSON.stringify(answer)).toBe(true);
      report.messages[res.status] ??= String(answer.error);
      expect(await snapshotTables(d1, endpoint.tables)).toEqual(before);
      expect(await endpoint.unchanged?.()).toEqual(beforeOther);
    }),
    { numRuns },
  );
  return report;
}

/** The counts as one table for the test's output (and docs/reliability.md). */
export function formatReports(worker: string, reports: FuzzReport[]): string {
  const lines = reports.map((r) => {
    const statuses = Object.entries(r.statuses)
      .map(([status, n]) => `${status}×${n}`)
      .join(" ");
    const said = Object.entries(r.messages)
      .map(([status, message]) => `${status} '${message.slice(0, 60)}'`)
      .join("; ");
    return `  ${r.endpoint.padEnd(52)} ${String(r.requests).padStart(4)}  ${statuses}\n      ${said}`;
  });
  const total = reports.reduce((sum, r) => sum + r.requests, 0);
  return `${worker} fuzz: ${reports.length} endpoints, ${total} requests\n${lines.join("\n")}`;
}
