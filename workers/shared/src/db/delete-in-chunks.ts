// Retention deletes a chunk of rows at a time. One D1 query may run for at most 30 seconds, and a
// daily purge at the audience the capacity model projects (docs/capacity.md) ends millions of rate
// limit windows and hundreds of thousands of sessions: one DELETE of them all would run past that,
// roll back, and leave the next day's purge larger still.
import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./client.ts";

/** Rows per statement: ten thousand rows and their index entries, well within a query's time. */
export const DELETE_CHUNK = 10_000;
/**
 * Statements per call: five million rows a run (a day's ended rate-limit windows at 10 M readers a day
 * are a few million), in at most 500 subrequests; what is left, the next run deletes.
 */
const MAX_CHUNKS = 500;

/**
 * Deletes the rows of `table` that match `where`, DELETE_CHUNK at a time, until none is left or
 * MAX_CHUNKS statements have run. Returns how many it deleted. A table WITHOUT ROWID names its
 * one-column key as `key`.
 */
export async function deleteInChunks(
  db: Database,
  table: SQLiteTable,
  where: SQL,
  { chunk = DELETE_CHUNK, key }: { chunk?: number; key?: SQLiteColumn } = {},
): Promise<number> {
  const keyOf = key ?? sql.raw("rowid");
  let deleted = 0;
  for (let round = 0; round < MAX_CHUNKS; round++) {
    const result = await db.run(
      sql`DELETE FROM ${table} WHERE ${keyOf} IN (SELECT ${keyOf} FROM ${table} WHERE ${where} LIMIT ${chunk})`,
    );
    const changes = result.meta.changes ?? 0;
    deleted += changes;
    if (changes < chunk) break;
  }
  return deleted;
}
