// Hiding an article (admin only): the row, the moderation log entry and the content version bump go in
// one batch, so a hidden article leaves every cached feed on the next request and the log never misses it.

import type { Database } from "@unbiased/worker-shared/db/client";
import { bumpContentVersion, forgetRecentContentVersion } from "@unbiased/worker-shared/db/content-version";
import { articles } from "@unbiased/worker-shared/db/schema/index";
import { moderationLogInsert } from "@unbiased/worker-shared/moderation-log";
import { eq } from "drizzle-orm";

/** False when no article has this id. */
export async function hideArticle(
  db: Database,
  input: { articleId: string; reason: string; actorId: string },
): Promise<boolean> {
  const [exists] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, input.articleId));
  if (!exists) return false;
  const now = Date.now();
  await db.batch([
    db
      .update(articles)
      .set({ status: "hidden", hiddenReason: input.reason, hiddenBy: input.actorId, hiddenAt: now, updatedAt: now })
      .where(eq(articles.id, input.articleId)),
    moderationLogInsert(db, {
      actorId: input.actorId,
      action: "article.hide",
      targetType: "article",
      targetId: input.articleId,
      reason: input.reason,
    }),
    bumpContentVersion(db),
  ]);
  forgetRecentContentVersion();
  return true;
}
