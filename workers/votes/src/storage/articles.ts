// Which article ids exist, so votes and counts never create a Durable Object for a made-up id.
// Articles are never deleted by the product (hiding keeps the row), so an id once found is
// remembered by this isolate: a hot article costs one D1 read per isolate, not one per vote.

import type { Database } from "@unbiased/worker-shared/db/client";
import { articles } from "@unbiased/worker-shared/db/schema/index";
import { inArray } from "drizzle-orm";

const KNOWN_MAX = 50_000;
const known = new Set<string>();

function remember(id: string): void {
  // A crude bound on the isolate's memory: start over rather than track recency.
  if (known.size >= KNOWN_MAX) known.clear();
  known.add(id);
}

/** The subset of `ids` that are stored articles (at most 20 ids: one statement). */
export async function existingArticleIds(db: Database, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const rows = await db.select({ id: articles.id }).from(articles).where(inArray(articles.id, unknown));
    for (const row of rows) remember(row.id);
  }
  return new Set(unique.filter((id) => known.has(id)));
}
