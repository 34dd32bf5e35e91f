// The content version that validates cached public responses (see the content_version table).
import { eq, sql } from "drizzle-orm";
import type { Database } from "@unbiased/worker-shared/db/client";
import { contentVersion } from "@unbiased/worker-shared/db/schema/index";

export async function currentContentVersion(db: Database): Promise<number> {
  const [row] = await db.select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1));
  return row?.version ?? 0;
}

/** The statement that bumps the version, for callers that batch it with their own writes. */
export const bumpContentVersion = (db: Database) =>
  db.update(contentVersion).set({ version: sql`${contentVersion.version} + 1`, updatedAt: Date.now() }).where(eq(contentVersion.id, 1));
