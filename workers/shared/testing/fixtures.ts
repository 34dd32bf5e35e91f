// Test rows written through the real schema, so tests start from data the product could hold.

import type { ArticleCategory } from "../src/contracts/articles.ts";
import { createDb } from "../src/db/client.ts";
import { articleCategories, articles, users } from "../src/db/schema/index.ts";
import { SUMMARIZER_VERSION } from "../src/summarizer/version.ts";

let counter = 0;

export async function insertArticle(
  d1: D1Database,
  overrides: Partial<typeof articles.$inferInsert> & { categories?: ArticleCategory[] } = {},
) {
  const n = ++counter;
  const { categories = ["tech"], ...fields } = overrides;
  const now = Date.now();
  const row: typeof articles.$inferInsert = {
    id: `article-${n}`,
    url: `https://news.example/story-${n}`,
    title: `Story number ${n}`,
    domain: "news.example",
    sourcedTime: Math.floor(now / 1000) - n * 60,
    tldr: `Tldr of story ${n}.`,
    shortSummary: `Short summary of story ${n}.`,
    summary: JSON.stringify({ who: "Someone", what: "Something", when: "Today", where: "Lisbon", why: "", how: "" }),
    detailedSummary: `Detailed summary of story ${n}.`,
    // Current, so no test starts the summaries' catch-up unless it asks for a stale article.
    summarizerVersion: SUMMARIZER_VERSION,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
  const db = createDb(d1);
  await db.batch([
    db.insert(articles).values(row),
    ...categories.map((category) =>
      db.insert(articleCategories).values({ articleId: row.id, category, sourcedTime: row.sourcedTime }),
    ),
  ]);
  return row;
}

export async function insertUser(d1: D1Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  const n = ++counter;
  const now = Date.now();
  const row: typeof users.$inferInsert = {
    id: `user-${n}`,
    email: `user${n}@example.com`,
    name: `User ${n}`,
    role: "user",
    createdAt: now,
    ...overrides,
  };
  // No user_reputation row, as the gateway's sign-up leaves a new account (ADR 022 step 27).
  await createDb(d1).insert(users).values(row);
  return row;
}
