// Which article ids exist, so votes and counts never create a Durable Object for a made-up id.
import { inArray } from "drizzle-orm";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articles } from "@unbiased/worker-shared/db/schema/index";

/** The subset of `ids` that are stored articles (at most 20 ids: one statement). */
export async function existingArticleIds(db: Database, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db.select({ id: articles.id }).from(articles).where(inArray(articles.id, unique));
  return new Set(rows.map((r) => r.id));
}
