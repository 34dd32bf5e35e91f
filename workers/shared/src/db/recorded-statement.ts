// Statements built now and run later, elsewhere: a Durable Object's outbox keeps them as JSON until D1
// takes them (ADR 022 step 29, a comment's status change and its side effects). They are built with
// the same builders as any batch (`raw`, `statement`, drizzle's), over a database that records what it
// is asked to prepare instead of preparing it.
import { drizzle } from "drizzle-orm/d1";
import type { Database } from "./client.ts";
import { raw, type Statement } from "./raw-batch.ts";

/** A value D1 binds, as JSON keeps it. */
export type SqlParam = string | number | null;

/** A statement as its SQL and parameters (plain JSON). */
export interface RecordedStatement {
  sql: string;
  params: SqlParam[];
}

/** D1 binds a boolean as 1 or 0; anything else a kept statement could not carry is refused. */
function asParam(value: unknown): SqlParam {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string" || typeof value === "number") return value;
  throw new Error(`a kept statement cannot carry a ${typeof value} parameter`);
}

const recordingClient = {
  prepare: (sql: string) => ({ bind: (...params: unknown[]) => ({ sql, params }) }),
};

/** A database whose prepared statements are records: hand what is built on it to `recorded`. */
export const recordingDb = (): Database => drizzle(recordingClient as unknown as D1Database) as Database;

/**
 * The records of statements built on `recordingDb()` (or drizzle builders): a statement prepared on a
 * real database cannot be read back, so it is refused rather than kept half.
 */
export function recorded(statements: readonly Statement[]): RecordedStatement[] {
  return statements.map((item) => {
    const { sql, params } = "toSQL" in item ? item.toSQL() : (item as unknown as { sql?: unknown; params?: unknown });
    if (typeof sql !== "string" || !Array.isArray(params))
      throw new Error("a statement to keep must be built on recordingDb()");
    return { sql, params: params.map(asParam) };
  });
}

/** A recorded statement, prepared on the database that runs it. */
export const prepareRecorded = (db: Database, record: RecordedStatement): D1PreparedStatement =>
  raw(db, record.sql, ...record.params);
