// The content version that validates cached public responses (see the content_version table).
// Ingestion, hides and regenerations batch the bump with their own writes, so a cached feed never
// outlives the change that made it stale.
import { eq, sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { contentVersion } from "./schema/index.ts";

export async function currentContentVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1));
  return row?.version ?? 0;
}

/**
 * How long an isolate may reuse the version it read. Every anonymous read needs the version, and
 * reading it is a D1 round trip that costs more than serving a cached feed; one second keeps a
 * bump (from any worker) visible "within seconds" while sparing D1 all but one read per second.
 */
export const CONTENT_VERSION_REUSE_MS = 1_000;

let remembered: { version: number; readAt: number } | null = null;
// Bumped by forgetRecentContentVersion, so a read that began before a bump in this isolate (and ends
// after it) does not put the old version back.
let generation = 0;

/** The content version, read from D1 at most once per CONTENT_VERSION_REUSE_MS in this isolate. */
export async function recentContentVersion(db: Database): Promise<number> {
  const now = Date.now();
  if (remembered && now - remembered.readAt < CONTENT_VERSION_REUSE_MS) return remembered.version;
  const readGeneration = generation;
  const version = await currentContentVersion(db);
  if (readGeneration === generation) remembered = { version, readAt: now };
  return version;
}

/** Called after this isolate bumped the version itself, so its next read sees the bump at once. */
export function forgetRecentContentVersion(): void {
  remembered = null;
  generation += 1;
}

/** The statement that bumps the version, for callers that batch it with their own writes. */
export const bumpContentVersion = (db: Database) =>
  db
    .update(contentVersion)
    .set({ version: sql`${contentVersion.version} + 1`, updatedAt: Date.now() })
    .where(eq(contentVersion.id, 1));
