// The vote counts the vote-events consumer has recorded in D1 (article_stats), for many articles in
// one read. They trail the ArticleVotes objects by the consumer's delay (about a second), which a
// composed page's first HTML can afford: it is cached for up to 90 s anyway (ADR 020), and a
// signed-in reader's buttons load their counts from the objects. Twenty object calls per page render
// become one query.

import type { VoteCounts } from "@unbiased/worker-shared/contracts/votes";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articleStats, articles } from "@unbiased/worker-shared/db/schema/index";
import { visibleFilter } from "@unbiased/worker-shared/db/visible-filter";
import { and, eq, inArray } from "drizzle-orm";

/** The recorded counts of those of `ids` that are visible articles (at most 20 ids: one statement). */
export async function recordedCounts(db: Database, ids: readonly string[]): Promise<Map<string, VoteCounts>> {
  const rows = await db
    .select({ id: articles.id, upvotes: articleStats.upvotes, downvotes: articleStats.downvotes })
    .from(articles)
    .leftJoin(articleStats, eq(articleStats.articleId, articles.id))
    .where(and(inArray(articles.id, [...new Set(ids)]), visibleFilter()));
  return new Map(rows.map((row) => [row.id, { upvotes: row.upvotes ?? 0, downvotes: row.downvotes ?? 0 }]));
}
