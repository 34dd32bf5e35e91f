// The D1 copy of the ArticleVotes objects' counts (on each article's row: upvotes, downvotes, net_votes,
// vote_seq, votes_updated_at; migration 0021), which the popularity feed and the
// composed pages read. Each object writes it when it sends its outbox (about 250 ms after a burst's
// first vote, ADR 022), and an account deletion writes it after taking the user's votes out; both
// write the object's whole counts with the object's number of the change, so the newest wins
// whichever lands last. A composed page's first HTML can afford the delay: it is cached for up to
// 90 s anyway (ADR 020), and a signed-in reader's buttons load their counts from the objects. Twenty
// object calls per page render become one query.

import type { VoteCounts } from "@unbiased/worker-shared/contracts/votes";
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw, runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { articles } from "@unbiased/worker-shared/db/schema/index";
import { visibleFilter } from "@unbiased/worker-shared/db/visible-filter";
import { and, inArray } from "drizzle-orm";

/** The recorded counts of those of `ids` that are visible articles (at most 20 ids: one statement). */
export async function recordedCounts(db: Database, ids: readonly string[]): Promise<Map<string, VoteCounts>> {
  const rows = await db
    .select({ id: articles.id, upvotes: articles.upvotes, downvotes: articles.downvotes })
    .from(articles)
    .where(and(inArray(articles.id, [...new Set(ids)]), visibleFilter()));
  return new Map(rows.map((row) => [row.id, { upvotes: row.upvotes, downvotes: row.downvotes }]));
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
 * Writes objects' counts onto their articles, the newest by the object's number winning (then by time,
 * for copies made before the objects numbered their changes). An article that is gone from D1 is no
 * row to update, so a copy never fails for it. A copy writes the row and its two hotness index entries
 * (SQLite rewrites an index whose column is set, whatever the value).
 */
export async function copyCounts(db: Database, copies: CountsCopy[]): Promise<void> {
  await runBatch(
    db,
    copies.map((c) =>
      raw(
        db,
        `UPDATE articles SET upvotes = ?2, downvotes = ?3, net_votes = ?2 - ?3, vote_seq = ?4, votes_updated_at = ?5
         WHERE id = ?1 AND (vote_seq, votes_updated_at) <= (?4, ?5)`,
        c.articleId,
        c.upvotes,
        c.downvotes,
        c.seq,
        c.at,
      ),
    ),
  );
}
