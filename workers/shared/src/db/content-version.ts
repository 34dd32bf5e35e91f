// The content version that validates cached public responses (see the content_version table).
// Ingestion, hides and regenerations batch the bump with their own writes, so a cached feed never
// outlives the change that made it stale.
import { eq, sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { contentVersion } from "./schema/index.ts";

export async function currentContentVersion(db: Database): Promise<number> {
  const [row] = await db.select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1));
  return row?.version ?? 0;
}

/** The statement that bumps the version, for callers that batch it with their own writes. */
export const bumpContentVersion = (db: Database) =>
  db.update(contentVersion).set({ version: sql`${contentVersion.version} + 1`, updatedAt: Date.now() }).where(eq(contentVersion.id, 1));
