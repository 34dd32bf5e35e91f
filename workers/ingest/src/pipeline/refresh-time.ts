// A story already stored arrives again with a newer feed date: its publication time moves forward
// (never back, never past now), in the category index and its event's span too, and cached feeds
// are invalidated. Returns the statements for the caller's batch; none when the date is not newer.
import type { Database } from "@unbiased/worker-shared/db/client";
import { bumpContentVersion } from "@unbiased/worker-shared/db/content-version";
import type { Statement } from "@unbiased/worker-shared/db/raw-batch";
import { type KnownArticle, refreshSourcedTime } from "../storage/articles.ts";
import { refreshEventSpan } from "../storage/events.ts";

export function refreshTime(
  db: Database,
  known: KnownArticle,
  feedPublishedAt: number | null | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): Statement[] {
  if (!feedPublishedAt || feedPublishedAt <= known.sourcedTime) return [];
  const statements = [
    ...refreshSourcedTime(db, known.id, Math.min(feedPublishedAt, nowSeconds)),
    bumpContentVersion(db),
  ];
  if (known.eventId) statements.push(refreshEventSpan(db, known.eventId));
  return statements;
}
