// Hiding an article (admin only): the row, the moderation log entry, its reports' outcome (actioned)
// and the content version bump go in one batch, so a hidden article leaves every cached feed on the
// next request, the log never misses it and its reporters see that action was taken (on their profile
// and in their inbox). (Its votes
// object has been told first: routes/article-tools.ts.)

import { MODERATION_ACTIONS } from "@unbiased/worker-shared/contracts/moderation";
import type { Database } from "@unbiased/worker-shared/db/client";
import { bumpContentVersion, forgetRecentContentVersion } from "@unbiased/worker-shared/db/content-version";
import { runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { articleReports, articles } from "@unbiased/worker-shared/db/schema/index";
import { reportOutcomeEntries } from "@unbiased/worker-shared/inbox/report-outcomes";
import { moderationLogInsert } from "@unbiased/worker-shared/moderation-log";
import { markReportsActioned } from "@unbiased/worker-shared/report-review";
import { eq } from "drizzle-orm";

export async function articleExists(db: Database, articleId: string): Promise<boolean> {
  const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, articleId));
  return Boolean(row);
}

export async function hideArticle(
  db: Database,
  input: { articleId: string; reason: string; actorId: string },
): Promise<void> {
  const now = Date.now();
  await runBatch(db, [
    // Before the reports' update: it selects the reports not yet actioned.
    reportOutcomeEntries(db, "article", "actioned", { subjectId: input.articleId }, now),
    db
      .update(articles)
      .set({ status: "hidden", hiddenReason: input.reason, hiddenBy: input.actorId, hiddenAt: now, updatedAt: now })
      .where(eq(articles.id, input.articleId)),
    moderationLogInsert(db, {
      actorId: input.actorId,
      action: MODERATION_ACTIONS.articleHide,
      targetType: "article",
      targetId: input.articleId,
      reason: input.reason,
    }),
    markReportsActioned(
      db,
      { table: articleReports, subjectColumn: articleReports.articleId },
      { subjectId: input.articleId, actorId: input.actorId },
      now,
    ),
    bumpContentVersion(db),
  ]);
  forgetRecentContentVersion();
}
