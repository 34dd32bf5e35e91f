import { join } from "node:path";

export const repoRoot = join(import.meta.dirname, "..");
/** Where `npm start` keeps its local D1, Durable Object and queue state. */
export const defaultPersistDir = join(repoRoot, ".wrangler/state");
