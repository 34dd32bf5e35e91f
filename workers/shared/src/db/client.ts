// Drizzle over the native D1 binding (how the design card's "@cloudflare/d1" is honoured;
// see docs/architecture.md § Data).
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema/index.ts";

export type Database = ReturnType<typeof createDb>;
export const createDb = (d1: D1Database) => drizzle(d1, { schema });
