// A list of values as one bound parameter: D1 takes at most 100 bound parameters a query, and a list
// bound value by value (drizzle's inArray) passes that with a full queue batch of ids and the other
// parameters of its statement.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/** `column IN (values)`, the values sent as one JSON array. */
export const inJsonList = (column: AnyColumn, values: readonly (string | number)[]): SQL =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
