// D1 bills, and limits, by rows: rows read and rows written (index entries included). Every D1 query
// made through `createDb` is metered here from the result's meta, and each unit of work (a request,
// a queue batch, a cron run, an alarm, an RPC call) adds its totals to its one log line (a request's
// meter travels with its D1 binding, any other unit's in an AsyncLocalStorage scope), so the cost
// of an operation is read from the logs (`tests/bench/capacity.ts` sums them; so can Workers Logs).
//
// D1 returns no meta for `raw()` and `first()`, which Drizzle uses for selects of named columns and
// for writes with RETURNING: the rows a select returns are counted as `returned` (a lower bound of
// what it read). A write with RETURNING that Drizzle reads with raw() is run with all() instead, whose
// meta counts its index entries too, so every write's rows written are exact (a hand-written write
// read with first() would count the rows it returned: none of ours is).
/// <reference path="./async-hooks.d.ts" />
import { AsyncLocalStorage } from "node:async_hooks";
import { type LogFields, logLine } from "../http/trace.ts";

export interface D1Rows {
  read: number;
  written: number;
  /** Rows returned by reads that carry no meta (raw, first). */
  returned: number;
}

const scope = new AsyncLocalStorage<D1Rows>();

export const newRows = (): D1Rows => ({ read: 0, written: 0, returned: 0 });

/**
 * A request's meter, carried by its D1 binding (its session: db/session.ts) rather than an
 * AsyncLocalStorage scope: a scope around a whole request took about a quarter of a cached page's CPU
 * in workerd (ADR 020), and every query of a request goes through its binding anyway.
 */
export const D1_METER = Symbol("the unit of work's D1 rows");
type CarriesMeter = { [D1_METER]?: D1Rows };

/**
 * Runs `work` with a fresh meter, unless one is already counting (an in-process request inside a
 * page's request, an alarm's flush inside an erasure): then the enclosing unit counts it, and `rows`
 * is null so nothing is logged twice.
 */
export async function meterRows<T>(work: () => Promise<T>): Promise<{ value: T; rows: D1Rows | null }> {
  if (scope.getStore()) return { value: await work(), rows: null };
  const rows = newRows();
  const value = await scope.run(rows, work);
  return { value, rows };
}

/** A meter's totals as log fields (nothing when the unit touched no D1). */
export function rowFields(rows: D1Rows | null): LogFields {
  if (!rows || rows.read + rows.written + rows.returned === 0) return {};
  return { d1RowsRead: rows.read, d1RowsWritten: rows.written, d1RowsReturned: rows.returned };
}

/**
 * A unit of work that is not a request (a queue batch, a cron run, an alarm, an RPC call): run under a
 * meter, with one log line naming it and its D1 rows when it touched D1 and no enclosing unit counts it.
 */
export async function meteredTask<T>(task: string, fields: LogFields, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const { value, rows } = await meterRows(work);
  const counted = rowFields(rows);
  if (Object.keys(counted).length > 0) {
    logLine("info", { msg: "task", task, ms: Math.round(performance.now() - started), ...fields, ...counted });
  }
  return value;
}

type Meta = { rows_read?: number; rows_written?: number } | undefined;

/** Adds to `own` (the binding's meter) when the binding carries one, else to the scope's. */
function add(meta: Meta, own: D1Rows | undefined): void {
  const rows = own ?? scope.getStore();
  if (!rows || !meta) return;
  rows.read += meta.rows_read ?? 0;
  rows.written += meta.rows_written ?? 0;
}

/** Rows a statement without meta gave back: written ones for a write (…RETURNING), else returned. */
function addReturned(count: number, write: boolean, own: D1Rows | undefined): void {
  const rows = own ?? scope.getStore();
  if (!rows) return;
  if (write) rows.written += count;
  else rows.returned += count;
}

/** A statement that writes by its first word (a write behind WITH would count as a read: none of ours is). */
const WRITE = /^\s*(?:insert|update|delete|replace)\b/i;

const INNER = Symbol("the metered statement");
type Metered = D1PreparedStatement & { [INNER]?: D1PreparedStatement };

function meteredStatement(
  statement: D1PreparedStatement,
  write: boolean,
  own: D1Rows | undefined,
): D1PreparedStatement {
  // A proxy: workerd's statements are native objects, so every other call goes to the statement itself.
  return new Proxy(statement, {
    get(target, property) {
      if (property === INNER) return target;
      if (property === "bind") return (...values: unknown[]) => meteredStatement(target.bind(...values), write, own);
      if (property === "all" || property === "run") {
        return async () => {
          const result = await target[property]();
          add(result.meta as Meta, own);
          return result;
        };
      }
      if (property === "raw") {
        return async (options?: { columnNames?: boolean }) => {
          // A write with RETURNING (Drizzle's `returning()` reads it with raw()) runs with all(), which
          // carries D1's meta, and hands its rows back as raw() would: each row's values in column order.
          if (write && !options?.columnNames) {
            const result = await target.all<Record<string, unknown>>();
            add(result.meta as Meta, own);
            return result.results.map((row) => Object.values(row));
          }
          const rows = (await target.raw(options as { columnNames: true })) as unknown[];
          addReturned(options?.columnNames ? Math.max(rows.length - 1, 0) : rows.length, write, own);
          return rows;
        };
      }
      if (property === "first") {
        return async (column?: string) => {
          const row = await (column === undefined ? target.first() : target.first(column));
          addReturned(row === null ? 0 : 1, write, own);
          return row;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** `d1` with every statement and batch metered into the current unit of work's totals. */
export function meteredD1(d1: D1Database): D1Database {
  const own = (d1 as D1Database & CarriesMeter)[D1_METER];
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare")
        return (query: string) => meteredStatement(target.prepare(query), WRITE.test(query), own);
      if (property === "batch") {
        return async (statements: Metered[]) => {
          const results = await target.batch(statements.map((statement) => statement[INNER] ?? statement));
          for (const result of results) add(result.meta as Meta, own);
          return results;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
