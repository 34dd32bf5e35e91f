// A user's voting history for the profile: their current votes, newest first, from their UserVotes
// object (ADR 022), with each article's title from D1 (null once the article is gone).

import type { VoteHistoryItem } from "@unbiased/worker-shared/contracts/votes";
import type { Database } from "@unbiased/worker-shared/db/client";
import { articles } from "@unbiased/worker-shared/db/schema/index";
import { inArray } from "drizzle-orm";
import type { HistoryVote } from "../durable/user-votes.ts";

export async function withTitles(db: Database, votes: HistoryVote[]): Promise<VoteHistoryItem[]> {
  const ids = votes.map((v) => v.articleId);
  const titles = new Map<string, string>();
  if (ids.length > 0) {
    const rows = await db
      .select({ id: articles.id, title: articles.title })
      .from(articles)
      .where(inArray(articles.id, ids));
    for (const row of rows) titles.set(row.id, row.title);
  }
  return votes.map((v) => ({
    articleId: v.articleId,
    title: titles.get(v.articleId) ?? null,
    voteType: v.voteType,
    timestamp: new Date(v.updatedAt).toISOString(),
  }));
}
