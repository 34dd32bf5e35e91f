// "D1 fails at every point of this request": the fault tests send a request again and again (each
// time from the same starting rows), with D1 down from its 1st operation, then from its 2nd, and so
// on, until one run finishes before the fault is reached. Every run that met the fault is handed to the test (503, the route's message,
// nothing written), and the last one must succeed, which proves the sweep reached every operation the
// route makes.
import { expect } from "vitest";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "../src/http/unavailable.ts";
import { type FaultPlan, type FaultyD1, faultyD1 } from "./faulty-d1.ts";

/** Tables the sweeps compare. rate_limits is left out: a refused attempt still counts (see docs/reliability.md). */
const IGNORED_TABLES = new Set(["rate_limits", "d1_migrations", "sqlite_sequence", "_cf_KV", "_cf_METADATA"]);

/** Every row of every table (but IGNORED_TABLES), or of `only`, to compare before and after a refused request. */
export async function snapshotTables(d1: D1Database, only?: string[]): Promise<Record<string, unknown[]>> {
  const { results } = await d1
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all<{ name: string }>();
  const snapshot: Record<string, unknown[]> = {};
  for (const { name } of results) {
    if (IGNORED_TABLES.has(name) || name.includes("_fts") || (only && !only.includes(name))) continue;
    // Sorted here, not by rowid: a WITHOUT ROWID table (inbox_outbox) has none.
    const rows = (await d1.prepare(`SELECT * FROM "${name}"`).all()).results;
    snapshot[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

export interface SweepOutcome<T> {
  /** Failure points tried (each one a request that met the fault). */
  points: number;
  /** The run that met no fault. */
  final: T;
  /** What that run asked D1, in order. */
  operations: string[];
}

/**
 * Runs `attempt` with D1 failing from operation 1, 2, … until a run completes before its fault.
 * `attempt` prepares its own rows (through the real binding, not counted) and sends the request
 * through `db`; `onFault` checks each run that met the fault; `limit` stops a route that never ends.
 */
export async function sweepFailurePoints<T>(
  real: D1Database,
  attempt: (db: D1Database) => Promise<T>,
  onFault: (result: T, at: { point: number; operation: string }) => Promise<void>,
  options: Omit<FaultPlan, "failAt"> & { limit?: number } = {},
): Promise<SweepOutcome<T>> {
  const { limit = 40, ...plan } = options;
  for (let point = 1; point <= limit; point++) {
    const d1: FaultyD1 = faultyD1(real, { ...plan, failAt: point });
    const result = await attempt(d1.db);
    if (d1.failures === 0) return { points: point - 1, final: result, operations: d1.operations };
    await onFault(result, { point, operation: d1.operations[point - 1] ?? "?" });
  }
  throw new Error(`the request still reached a fault after ${limit} operations`);
}

/** What a request the platform could not serve answers: 503, Retry-After and the route's message. */
export async function expectUnavailable(res: Response, message: string): Promise<void> {
  expect(res.status).toBe(503);
  expect(res.headers.get("Retry-After")).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  expect(await res.json()).toEqual({ success: false, error: message });
}
