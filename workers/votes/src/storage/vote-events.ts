// D1 side of votes: the append-only event log, each user's current vote, and per-article stats
// (read by the feed's popularity ranking). Written only by the vote-events consumer.

import type { Database } from "@unbiased/worker-shared/db/client";
import { articleStats, userArticleVotes, voteEvents } from "@unbiased/worker-shared/db/schema/index";
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

/**
 * The three writes of one vote change, for the caller's db.batch: the event (its id is the job id,
 * so a redelivered message writes nothing new), the user's current vote and the article's stats.
 * The last two only move forward in time, so replays and reordering converge on the newest state.
 */
export function voteChangeStatements(db: Database, jobId: string, change: VoteChanged) {
  const current = change.voteType
    ? db
        .insert(userArticleVotes)
        .values({ userId: change.userId, articleId: change.articleId, voteType: change.voteType, updatedAt: change.at })
        .onConflictDoUpdate({
          target: [userArticleVotes.userId, userArticleVotes.articleId],
          set: { voteType: change.voteType, updatedAt: change.at },
          setWhere: sql`${userArticleVotes.updatedAt} <= ${change.at}`,
        })
    : db
        .delete(userArticleVotes)
        .where(
          sql`${userArticleVotes.userId} = ${change.userId} AND ${userArticleVotes.articleId} = ${change.articleId} AND ${userArticleVotes.updatedAt} <= ${change.at}`,
        );
  return [
    db
      .insert(voteEvents)
      .values({
        id: jobId,
        articleId: change.articleId,
        userId: change.userId,
        voteType: change.voteType ?? "none",
        previousVote: change.previousVote ?? "none",
        ip: change.ip,
        createdAt: change.at,
      })
      .onConflictDoNothing(),
    current,
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
  ] as const;
}
