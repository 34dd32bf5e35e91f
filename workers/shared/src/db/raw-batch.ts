// Several raw SQL reads in one D1 round trip. Drizzle's `db.batch` cannot take `db.all(sql)` items
// that have parameters (drizzle-orm 0.45: its raw query has no prepared statement to bind), so the
// statements are rendered by drizzle's dialect and batched on the D1 binding itself.
import type { SQL } from "drizzle-orm";
import type { Database } from "./client.ts";

export async function allInOneRoundTrip<Rows extends unknown[][]>(
  db: Database,
  queries: { [K in keyof Rows]: SQL },
): Promise<Rows> {
  const statements = queries.map((query) => {
    const { sql, params } = db.all(query).getQuery();
    return db.$client.prepare(sql).bind(...params);
  });
  const results = await db.$client.batch(statements);
  return results.map((result) => result.results) as Rows;
}
