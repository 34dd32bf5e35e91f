// Events as clustering writes them. Assignments only ever set an empty event_id, so an article that
// already belongs to an event never moves, even when two jobs race.

import type { Database } from "@unbiased/worker-shared/db/client";
import type { Statement } from "@unbiased/worker-shared/db/raw-batch";
import { articles, events } from "@unbiased/worker-shared/db/schema/index";
import { and, between, eq, isNull, sql } from "drizzle-orm";

export interface ClusterArticle {
  id: string;
  title: string;
  tldr: string;
  shortSummary: string;
  entities: string[];
  sourcedTime: number;
  eventId: string | null;
}

const parseEntities = (raw: string): string[] => {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
};

const clusterColumns = {
  id: articles.id,
  title: articles.title,
  tldr: articles.tldr,
  shortSummary: articles.shortSummary,
  entities: articles.entities,
  sourcedTime: articles.sourcedTime,
  eventId: articles.eventId,
};

/** Visible articles published within `windowSeconds` either side of `aroundSeconds`, at most `limit`, newest first. */
export async function loadClusterArticles(
  db: Database,
  aroundSeconds: number,
  windowSeconds: number,
  limit: number,
): Promise<ClusterArticle[]> {
  const rows = await db
    .select(clusterColumns)
    .from(articles)
    .where(
      and(
        eq(articles.status, "visible"),
        between(articles.sourcedTime, aroundSeconds - windowSeconds, aroundSeconds + windowSeconds),
      ),
    )
    .orderBy(sql`${articles.sourcedTime} DESC`)
    .limit(limit);
  return rows.map((row) => ({ ...row, entities: parseEntities(row.entities) }));
}

export async function getClusterArticle(db: Database, articleId: string): Promise<ClusterArticle | null> {
  const [row] = await db.select(clusterColumns).from(articles).where(eq(articles.id, articleId));
  return row ? { ...row, entities: parseEntities(row.entities) } : null;
}

export interface EventDescription {
  title: string;
  mainTldr: string;
}

export const insertEvent = (db: Database, eventId: string, description: EventDescription): Statement => {
  const now = Date.now();
  return db
    .insert(events)
    .values({ id: eventId, ...description, startDate: now, endDate: now, createdAt: now, updatedAt: now });
};

export const assignToEvent = (db: Database, articleId: string, eventId: string): Statement =>
  db
    .update(articles)
    .set({ eventId })
    .where(and(eq(articles.id, articleId), isNull(articles.eventId)));

export const describeEvent = (db: Database, eventId: string, description: EventDescription): Statement =>
  db
    .update(events)
    .set({ ...description, updatedAt: Date.now() })
    .where(eq(events.id, eventId));

/** Start and end dates from the members' publication times (events keep milliseconds, articles seconds). */
export const refreshEventSpan = (db: Database, eventId: string): Statement =>
  db
    .update(events)
    .set({
      startDate: sql`coalesce((SELECT min(${articles.sourcedTime}) * 1000 FROM ${articles} WHERE ${articles.eventId} = ${eventId}), ${events.startDate})`,
      endDate: sql`coalesce((SELECT max(${articles.sourcedTime}) * 1000 FROM ${articles} WHERE ${articles.eventId} = ${eventId}), ${events.endDate})`,
      updatedAt: Date.now(),
    })
    .where(eq(events.id, eventId));

export async function listEventMembers(db: Database, eventId: string): Promise<ClusterArticle[]> {
  const rows = await db.select(clusterColumns).from(articles).where(eq(articles.eventId, eventId));
  return rows.map((row) => ({ ...row, entities: parseEntities(row.entities) }));
}
