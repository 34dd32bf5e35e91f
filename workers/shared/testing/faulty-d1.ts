// A D1 binding that fails the way D1 fails, for the fault tests: a wrapper around the real database
// (real migrations, real rows) that counts every operation (one statement run, or one batch) and,
// from the Nth on, throws D1's own errors instead of running it. Drizzle, raw statements and batches
// all go through it, so the worker under test meets the failure exactly where production would.

/** D1's message for a dropped connection (developers.cloudflare.com/d1/observability/debug-d1). */
export const D1_NETWORK_ERROR = "D1_ERROR: Network connection lost.";
/** D1's message when a storage operation ran past its 30 s limit and the database object was reset. */
export const D1_TIMEOUT_ERROR = "D1_ERROR: D1 DB storage operation exceeded timeout which caused object to be reset.";

export interface FaultPlan {
  /** The first operation that fails, counting from 1. */
  failAt?: number;
  /** Or: only the operations whose SQL matches fail (e.g. /^insert into "comments"/). */
  failOn?: RegExp;
  /** How many operations fail at most; unset, every one that qualifies (from failAt on: D1 is down). */
  failCount?: number;
  /** "error" throws at once; "timeout" hangs for `hangMs` first, then throws D1's timeout error. */
  kind?: "error" | "timeout";
  hangMs?: number;
}

export interface FaultyD1 {
  db: D1Database;
  /** The SQL of every operation asked for, in order (a batch is listed as its statements joined). */
  operations: string[];
  /** How many operations were refused. */
  failures: number;
}

const statementSql = new WeakMap<object, string>();
const realOf = new WeakMap<object, D1PreparedStatement>();

/** `plan` null: count only, fail nothing (how many operations does a route make?). */
export function faultyD1(real: D1Database, plan: FaultPlan | null): FaultyD1 {
  const state: FaultyD1 = { db: null as unknown as D1Database, operations: [], failures: 0 };

  async function operation<T>(sql: string, run: () => Promise<T>): Promise<T> {
    state.operations.push(sql);
    const n = state.operations.length;
    const reached = plan !== null && (plan.failOn ? plan.failOn.test(sql) : n >= (plan.failAt ?? 1));
    const failing = reached && (plan.failCount === undefined || state.failures < plan.failCount);
    if (!failing) return run();
    state.failures += 1;
    if (plan.kind === "timeout") {
      await new Promise((resolve) => setTimeout(resolve, plan.hangMs ?? 50));
      throw new Error(D1_TIMEOUT_ERROR);
    }
    throw new Error(D1_NETWORK_ERROR);
  }

  function wrap(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), sql),
      first: (column?: string) => operation(sql, () => (column ? statement.first(column) : statement.first())),
      run: () => operation(sql, () => statement.run()),
      all: () => operation(sql, () => statement.all()),
      raw: (options?: { columnNames?: boolean }) =>
        operation(sql, () =>
          options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw({ columnNames: false }),
        ),
    };
    statementSql.set(wrapped, sql);
    realOf.set(wrapped, statement);
    return wrapped as unknown as D1PreparedStatement;
  }

  const unwrap = (statement: D1PreparedStatement) => realOf.get(statement) ?? statement;

  const db = {
    prepare: (sql: string) => wrap(real.prepare(sql), sql),
    batch: <T>(statements: D1PreparedStatement[]) =>
      operation(statements.map((s) => statementSql.get(s) ?? "?").join(";\n"), () =>
        real.batch<T>(statements.map(unwrap)),
      ),
    exec: (sql: string) => operation(sql, () => real.exec(sql)),
    // A session of a faulty database is the faulty database (no replica to start from, no bookmark).
    withSession: () => ({ ...db, getBookmark: () => null }),
    dump: () => real.dump(),
  };
  state.db = db as unknown as D1Database;
  return state;
}
