// Article reports from signed-in readers; moderators review them in ModMe.

import type { Database } from "@unbiased/worker-shared/db/client";
import { articleReports } from "@unbiased/worker-shared/db/schema/index";
import { conflict } from "@unbiased/worker-shared/http/errors";
import { and, eq } from "drizzle-orm";

export async function reportArticle(
  db: Database,
  input: { articleId: string; reporterId: string; reason: string },
): Promise<string> {
  const [existing] = await db
    .select({ id: articleReports.id })
    .from(articleReports)
    .where(and(eq(articleReports.articleId, input.articleId), eq(articleReports.reporterId, input.reporterId)));
  if (existing) throw conflict("You have already reported this article");
  const id = crypto.randomUUID();
  await db.insert(articleReports).values({ id, ...input, createdAt: Date.now() });
  return id;
}
