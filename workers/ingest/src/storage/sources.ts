// News sources: the configured feeds are registered on every poll (new ones added; existing rows keep
// their active flag, and their conditional-GET validators unless the feed URL changed), then every
// active row is polled.

import type { Database } from "@unbiased/worker-shared/db/client";
import { sources } from "@unbiased/worker-shared/db/schema/index";
import { eq, sql } from "drizzle-orm";
import type { FeedKind } from "../feeds/feed-item.ts";
import type { ConfiguredFeed } from "../sources/feed-source.ts";

export type SourceRow = typeof sources.$inferSelect;

export async function registerFeeds(db: Database, feeds: readonly ConfiguredFeed[]): Promise<void> {
  const now = Date.now();
  for (const feed of feeds) {
    await db
      .insert(sources)
      .values({
        id: feed.id,
        name: feed.name,
        domain: new URL(feed.feedUrl).hostname,
        feedUrl: feed.feedUrl,
        feedKind: feed.kind,
        defaultCategory: feed.defaultCategory,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: sources.id,
        set: {
          name: sql`excluded.name`,
          domain: sql`excluded.domain`,
          feedUrl: sql`excluded.feed_url`,
          defaultCategory: sql`excluded.default_category`,
          etag: sql`CASE WHEN ${sources.feedUrl} = excluded.feed_url THEN ${sources.etag} END`,
          lastModified: sql`CASE WHEN ${sources.feedUrl} = excluded.feed_url THEN ${sources.lastModified} END`,
        },
      });
  }
}

export const listActiveSources = (db: Database): Promise<SourceRow[]> =>
  db.select().from(sources).where(eq(sources.active, true));

export async function recordFeedFetch(
  db: Database,
  sourceId: string,
  result: { etag?: string | null; lastModified?: string | null; kind?: FeedKind },
): Promise<void> {
  const validators =
    result.etag !== undefined || result.lastModified !== undefined
      ? { etag: result.etag ?? null, lastModified: result.lastModified ?? null }
      : {};
  await db
    .update(sources)
    .set({ lastFetchedAt: Date.now(), ...validators, ...(result.kind ? { feedKind: result.kind } : {}) })
    .where(eq(sources.id, sourceId));
}

export async function sourceName(db: Database, sourceId: string): Promise<string | null> {
  const [row] = await db.select({ name: sources.name }).from(sources).where(eq(sources.id, sourceId));
  return row?.name ?? null;
}
