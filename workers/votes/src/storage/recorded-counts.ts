// The D1 copy of the ArticleVotes objects' counts (article_stats), which the popularity feed and the
// composed pages read. Each object writes it when it sends its outbox (about 250 ms after a burst's
// first vote, ADR 022), and an account deletion writes it after taking the user's votes out; both
// write the object's whole counts with the object's number of the change, so the newest wins
// whichever lands last. A composed page's first HTML can afford the delay: it is cached for up to
// 90 s anyway (ADR 020), and a signed-in reader's buttons load their counts from the objects. Twenty
// object calls per page render become one query.

import type { VoteCounts } from "@unbiased/worker-shared/contracts/votes";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw, runBatch } from "@unbiased/worker-shared/db/raw-batch";
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

export interface CountsCopy {
  articleId: string;
  upvotes: number;
  downvotes: number;
  /** The object's time of the change. */
  at: number;
  /** The object's number of the change: an older copy landing later cannot overwrite it. */
  seq: number;
}

/**
 * Writes objects' counts into article_stats, the newest by the object's number winning (then by time,
 * for rows written before the objects numbered their changes). An article that is gone from D1 gets
 * no row (article_stats refers to articles), so a copy never fails for it.
 */
export async function copyCounts(db: Database, copies: CountsCopy[]): Promise<void> {
  await runBatch(
    db,
    copies.map((c) =>
      raw(
        db,
        `INSERT INTO article_stats (article_id, upvotes, downvotes, seq, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM articles WHERE id = ?1)
         ON CONFLICT (article_id) DO UPDATE SET upvotes = excluded.upvotes, downvotes = excluded.downvotes,
           seq = excluded.seq, updated_at = excluded.updated_at
         WHERE (article_stats.seq, article_stats.updated_at) <= (excluded.seq, excluded.updated_at)`,
        c.articleId,
        c.upvotes,
        c.downvotes,
        c.seq,
        c.at,
      ),
    ),
  );
}
