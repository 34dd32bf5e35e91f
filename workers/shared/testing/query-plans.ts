// What SQLite does for the statements a piece of storage code runs: each statement's query plan, from
// the real database (real migrations, no table statistics, as in D1). A test runs the code against the
// counting binding of faulty-d1.ts, then asks SQLite to explain each statement it saw, so a lookup
// that has started walking a whole table (an index chosen for the wrong column) fails a test
// instead of growing quietly with the data.
import { expect } from "vitest";
import { faultyD1 } from "./faulty-d1.ts";

export interface StatementPlan {
  sql: string;
  /** The plan's lines, as `EXPLAIN QUERY PLAN` gives them ("SEARCH articles USING INDEX …"). */
  plan: string[];
}

/** The plans of the selects `run` made on `real` (in order, a batch's one by one); writes are left out. */
export async function selectPlans(
  real: D1Database,
  run: (db: D1Database) => Promise<unknown>,
): Promise<StatementPlan[]> {
  const counting = faultyD1(real, null);
  await run(counting.db);
  // A batch is logged as its statements joined by ";\n": each is explained on its own.
  const selects = counting.operations
    .flatMap((sql) => sql.split(";\n"))
    .filter((sql) => /^\s*(select|with)\b/i.test(sql));
  return Promise.all(
    selects.map(async (sql) => {
      // The plan does not depend on the values (there are no statistics): every parameter is null.
      // Numbered ones (?1, ?2) count once each, however often the statement repeats them.
      const numbered = [...sql.matchAll(/\?(\d+)/g)].map((match) => Number(match[1]));
      const parameters = Math.max(sql.match(/\?(?!\d)/g)?.length ?? 0, ...numbered);
      const explained = await real
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...Array.from({ length: parameters }, () => null))
        .all<{ detail: string }>();
      return { sql, plan: explained.results.map((row) => row.detail) };
    }),
  );
}

/** A plan that walks the visible articles (the feeds' index) or the whole table. */
export const WALKS_VISIBLE_ARTICLES = /articles_feed_idx|SCAN articles/;

/**
 * Asserts that `run` makes one select, and that it reads articles by their id (the primary key), never
 * by walking the visible articles: the lookups of a page's cards by id (their counts, their visibility).
 */
export async function expectArticlesReadById(real: D1Database, run: (db: D1Database) => Promise<unknown>) {
  const plans = await selectPlans(real, run);
  expect(plans).toHaveLength(1);
  const plan = plans[0]?.plan.join("\n");
  expect(plan).toMatch(/SEARCH articles USING INDEX sqlite_autoindex_articles_1 \(id=\?\)/);
  expect(plan).not.toMatch(WALKS_VISIBLE_ARTICLES);
}
