// Drizzle over the native D1 binding (how the design card's "@cloudflare/d1" is honoured;
// see docs/architecture.md § Data).
//
// Without Drizzle's relational schema: every query here is a query-builder one (select, insert, …
// from the schema's tables), and handing `drizzle()` the schema made it map every table's relations
// again for each database object, which is one per request (a D1 session wraps the binding): in a
// profile of a cached page under load that was among the gateway's largest costs.
//
// Every query's D1 rows are counted for the unit of work's log line (row-meter.ts).
import { drizzle } from "drizzle-orm/d1";
import { meteredD1 } from "./row-meter.ts";

export type Database = ReturnType<typeof createDb>;
export const createDb = (d1: D1Database) => drizzle(meteredD1(d1));
