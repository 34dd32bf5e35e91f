// A user's voting history for the profile: their current votes, newest first (mirrored from the
// ArticleVotes objects into user_article_votes by the vote-events consumer).

import type { VoteHistoryItem } from "@unbiased/worker-shared/contracts/votes";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articles, userArticleVotes } from "@unbiased/worker-shared/db/schema/index";
import { desc, eq } from "drizzle-orm";

export async function recentVotes(db: Database, userId: string, limit: number): Promise<VoteHistoryItem[]> {
  const rows = await db
    .select({
      articleId: userArticleVotes.articleId,
      title: articles.title,
      voteType: userArticleVotes.voteType,
      updatedAt: userArticleVotes.updatedAt,
    })
    .from(userArticleVotes)
    .leftJoin(articles, eq(articles.id, userArticleVotes.articleId))
    .where(eq(userArticleVotes.userId, userId))
    .orderBy(desc(userArticleVotes.updatedAt))
    .limit(limit);
  return rows.map((r) => ({
    articleId: r.articleId,
    title: r.title ?? null,
    voteType: r.voteType,
    timestamp: new Date(r.updatedAt).toISOString(),
  }));
}
