// The vote-events consumer's message (a change as the ArticleVotes object made it) and its one D1
// write: the article's stats, read by the feed's popularity ranking.

import type { Database } from "@unbiased/worker-shared/db/client";
import { articleStats } from "@unbiased/worker-shared/db/schema/index";
import { sql } from "drizzle-orm";
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";

export const VoteChangedSchema = z.object({
  articleId: z.string().min(1),
  userId: z.string().min(1),
  voteType: z.enum(["upvote", "downvote"]).nullable(),
  previousVote: z.enum(["upvote", "downvote"]).nullable(),
  upvotes: z.number().int().min(0),
  downvotes: z.number().int().min(0),
  ip: z.string().nullable(),
  at: z.number().int(),
  /** The object's number of the change (events sent before ADR 022's numbering have none: 0). */
  seq: z.number().int().min(0).default(0),
});
export type VoteChanged = z.infer<typeof VoteChangedSchema>;

/**
 * The newest change of each article among `changes`, by the object's number, then by time: the only
 * one of a batch whose counts D1 needs, since each change carries the article's whole counts (a hot
 * article's batch of fifty votes writes its stats once, not fifty times).
 */
export function newestPerArticle(changes: VoteChanged[]): VoteChanged[] {
  const newest = new Map<string, VoteChanged>();
  for (const change of changes) {
    const kept = newest.get(change.articleId);
    if (!kept || change.seq > kept.seq || (change.seq === kept.seq && change.at >= kept.at))
      newest.set(change.articleId, change);
  }
  return [...newest.values()];
}

/**
 * The D1 write of one vote change, for the caller's batch: the article's stats, copied from the
 * object's counts (not deltas) and only forward in time, so replays and reordering converge on the
 * newest state. The event itself is the VoteLog objects' and the user's vote their UserVotes object's
 * (ADR 022).
 */
export function articleStatsStatement(db: Database, change: VoteChanged) {
  return db
    .insert(articleStats)
    .values({
      articleId: change.articleId,
      upvotes: change.upvotes,
      downvotes: change.downvotes,
      seq: change.seq,
      updatedAt: change.at,
    })
    .onConflictDoUpdate({
      target: articleStats.articleId,
      set: { upvotes: change.upvotes, downvotes: change.downvotes, seq: change.seq, updatedAt: change.at },
      // Newer by the object's number, then (for changes sent before it numbered them) by time.
      setWhere: sql`(${articleStats.seq}, ${articleStats.updatedAt}) <= (${change.seq}, ${change.at})`,
    });
}
