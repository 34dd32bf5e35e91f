// The one way the workers run a D1 batch: drizzle builders and hand-written SQL alike. Drizzle's own
// `db.batch` cannot take raw SQL with parameters (drizzle-orm 0.45: its raw query has no prepared
// statement to bind), so every item becomes a D1 prepared statement and the batch runs on the D1
// binding itself: one round trip, one transaction, so a failure leaves nothing half-written.
import type { SQL } from "drizzle-orm";
import type { Database } from "./client.ts";

/** Anything drizzle can render: an insert/update/delete/select builder. */
interface Renderable {
  toSQL(): { sql: string; params: unknown[] };
}

/** A drizzle builder as a D1 prepared statement. */
export function statement(db: Database, query: Renderable): D1PreparedStatement {
  const { sql, params } = query.toSQL();
  return db.$client.prepare(sql).bind(...params);
}

/** Hand-written SQL with its parameters as a D1 prepared statement. */
export function raw(db: Database, sql: string, ...params: unknown[]): D1PreparedStatement {
  return db.$client.prepare(sql).bind(...params);
}

/** An item of a batch: a drizzle builder, or a statement already prepared (`raw`, `statement`). */
export type Statement = Renderable | D1PreparedStatement;

const prepared = (db: Database, item: Statement): D1PreparedStatement => ("toSQL" in item ? statement(db, item) : item);

/** Runs the statements as one D1 batch (one round trip, one transaction); none: nothing is sent. */
export async function runBatch(db: Database, statements: readonly Statement[]): Promise<D1Result[]> {
  return statements.length === 0 ? [] : db.$client.batch(statements.map((item) => prepared(db, item)));
}

/** Several raw SQL reads in one round trip; each query's rows, in order. */
export async function allInOneRoundTrip<Rows extends unknown[][]>(
  db: Database,
  queries: { [K in keyof Rows]: SQL },
): Promise<Rows> {
  const statements = queries.map((query) => {
    const { sql, params } = db.all(query).getQuery();
    return raw(db, sql, ...params);
  });
  const results = await runBatch(db, statements);
  return results.map((result) => result.results) as Rows;
}

/**
 * A statement that fails its batch (a D1 batch is one transaction, so nothing of it is written) unless
 * `condition` holds when it runs: SQLite's raise() works only in triggers, so it asks json() to parse
 * text that is not JSON, which raises. `isAbort` tells that failure from any other.
 */
export function abortUnless(db: Database, condition: string, ...params: unknown[]): D1PreparedStatement {
  return raw(db, `SELECT CASE WHEN ${condition} THEN 1 ELSE json('batch aborted') END`, ...params);
}

/** Whether a batch failed at its `abortUnless` statement. */
export const isAbort = (error: unknown) => String(error).includes("malformed JSON");
