// D1 side of votes: the append-only event log and per-article stats (read by the feed's popularity
// ranking). Written only by the vote-events consumer; each user's current vote is their UserVotes object's.

import type { Database } from "@unbiased/worker-shared/db/client";
import { raw, type Statement } from "@unbiased/worker-shared/db/raw-batch";
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
});
export type VoteChanged = z.infer<typeof VoteChangedSchema>;

/** Skips the writes of a user whose account deletion took their votes out (erased_voters, ADR 022). */
const notErased = (userParam: string) => `NOT EXISTS (SELECT 1 FROM erased_voters WHERE user_id = ${userParam})`;

/**
 * The D1 writes of one vote change, for the caller's batch: the event (its id is the job id, so a
 * redelivered message writes nothing new) and the article's stats, which only move forward in time,
 * so replays and reordering converge on the newest state. An event of a deleted account that was still
 * on the queue writes only the counts (the object's, without them). The user's current vote is their
 * UserVotes object's (ADR 022).
 */
export function voteChangeStatements(db: Database, jobId: string, change: VoteChanged): Statement[] {
  return [
    raw(
      db,
      `INSERT INTO vote_events (id, article_id, user_id, vote_type, previous_vote, ip, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE ${notErased("?3")}
       ON CONFLICT (id) DO NOTHING`,
      jobId,
      change.articleId,
      change.userId,
      change.voteType ?? "none",
      change.previousVote ?? "none",
      change.ip,
      change.at,
    ),
    // The Durable Object's counts are authoritative; copy them (not deltas) so replays and reordering converge.
    db
      .insert(articleStats)
      .values({
        articleId: change.articleId,
        upvotes: change.upvotes,
        downvotes: change.downvotes,
        updatedAt: change.at,
      })
      .onConflictDoUpdate({
        target: articleStats.articleId,
        set: { upvotes: change.upvotes, downvotes: change.downvotes, updatedAt: change.at },
        setWhere: sql`${articleStats.updatedAt} <= ${change.at}`,
      }),
  ];
}
