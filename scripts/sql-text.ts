// Parameter-free SQL for the local D1 scripts (`wrangler d1 execute --file` takes no bound
// parameters). Every value goes through sqlLiteral, so quoting lives in one tested place.
import { getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

export type SqlValue = string | number | boolean | null;

/** A value as an SQLite literal: strings single-quoted with quotes doubled, booleans as 1/0. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  // SQLite would end the text at a NUL, silently storing less than was given.
  if (value.includes("\u0000")) throw new Error("Text contains a NUL character");
  return `'${value.replaceAll("'", "''")}'`;
}

export const sqlList = (values: readonly SqlValue[]) => `(${values.map(sqlLiteral).join(", ")})`;

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface InsertOptions<T extends SQLiteTable> {
  /** Upsert: on a conflict over these columns, update `update` from the new row (nothing when empty). */
  onConflict?: { target: (keyof T["$inferInsert"] & string)[]; update: (keyof T["$inferInsert"] & string)[] };
}

/**
 * One multi-row INSERT for `rows`, with column names taken from the drizzle schema so the SQL
 * cannot drift from it. Every row must set the same keys (the first row's).
 */
export function insertSql<T extends SQLiteTable>(
  table: T,
  rows: readonly T["$inferInsert"][],
  options: InsertOptions<T> = {},
): string {
  const first = rows[0];
  if (!first) throw new Error(`No rows to insert into ${getTableName(table)}`);
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(first);
  const columnName = (key: string) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column for "${key}"`);
    return quoteName(column.name);
  };
  const values = rows.map((row) => {
    const record = row as Record<string, SqlValue | undefined>;
    if (Object.keys(record).length !== keys.length)
      throw new Error(`Rows for ${getTableName(table)} set different columns`);
    return sqlList(keys.map((key) => record[key] ?? null));
  });
  let statement = `INSERT INTO ${quoteName(getTableName(table))} (${keys.map(columnName).join(", ")}) VALUES\n${values.join(",\n")}`;
  if (options.onConflict) {
    const { target, update } = options.onConflict;
    const assignments = update.map((key) => `${columnName(key)} = excluded.${columnName(key)}`).join(", ");
    const action = update.length > 0 ? `DO UPDATE SET ${assignments}` : "DO NOTHING";
    statement += `\nON CONFLICT (${target.map(columnName).join(", ")}) ${action}`;
  }
  return `${statement};`;
}

/** D1 refuses statements over 100 KB; staying under it keeps the scripts valid beyond local D1 too. */
export const MAX_STATEMENT_BYTES = 90_000;

/** Multi-row INSERTs for `rows`, each statement as many rows as fit under MAX_STATEMENT_BYTES. */
export function insertSqlChunks<T extends SQLiteTable>(
  table: T,
  rows: readonly T["$inferInsert"][],
  options: InsertOptions<T> = {},
): string[] {
  const statements: string[] = [];
  let chunk: T["$inferInsert"][] = [];
  let bytes = 0;
  for (const row of rows) {
    const rowBytes = Buffer.byteLength(insertSql(table, [row], options));
    if (chunk.length > 0 && bytes + rowBytes > MAX_STATEMENT_BYTES) {
      statements.push(insertSql(table, chunk, options));
      chunk = [];
      bytes = 0;
    }
    chunk.push(row);
    bytes += rowBytes;
  }
  if (chunk.length > 0) statements.push(insertSql(table, chunk, options));
  return statements;
}
