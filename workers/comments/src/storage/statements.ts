// D1 batches mix drizzle builders and hand-written SQL, so everything becomes a D1 prepared statement
// (drizzle's own batch cannot take raw SQL with parameters; see workers/shared/src/db/raw-batch.ts).
import type { Database } from "@unbiased/worker-shared/db/client";

/** Anything drizzle can render: an insert/update/delete/select builder. */
interface Renderable {
  toSQL(): { sql: string; params: unknown[] };
}

export function statement(db: Database, query: Renderable): D1PreparedStatement {
  const { sql, params } = query.toSQL();
  return db.$client.prepare(sql).bind(...params);
}

export function raw(db: Database, sql: string, ...params: unknown[]): D1PreparedStatement {
  return db.$client.prepare(sql).bind(...params);
}

/** Runs the statements as one D1 batch (one round trip, one transaction). */
export async function runBatch(db: Database, statements: D1PreparedStatement[]): Promise<D1Result[]> {
  return statements.length === 0 ? [] : db.$client.batch(statements);
}
