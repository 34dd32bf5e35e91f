import { env } from "cloudflare:test";
import type { ArticleCategory, FeedPeriod } from "@unbiased/worker-shared/contracts/articles";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { selectPlans } from "@unbiased/worker-shared/testing/query-plans";
import { beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../../scripts/random.ts";
import { listFeed, periodStart } from "../src/storage/articles.ts";

// The popularity feed ranks the last 48 hours first and adds only the older articles whose net votes
// could outrank the page's last row (storage/articles.ts, popularRows). These tests hold it to the
// plain ranking of the whole period (every article scored, ORDER BY in SQL) on data made to stress the
// merge: ties in time and in votes, old articles with many votes, net-negative and unvoted ones.

const NOW = Math.floor(Date.now() / 1000);
const HOUR = 3600;

async function seedArticles() {
  const { next } = seededRandom(35);
  const stats: D1PreparedStatement[] = [];
  for (let i = 0; i < 260; i++) {
    // Ages up to 12 days, a quarter in the last 48 hours; every tenth shares its time with the one before.
    const age = i % 10 === 9 ? -1 : next() < 0.25 ? next() * 48 * HOUR : 48 * HOUR + next() * 10 * 24 * HOUR;
    const sourcedTime = age === -1 ? NOW - 5 * HOUR : Math.floor(NOW - age);
    const id = `pop-${String(i).padStart(3, "0")}`;
    await insertArticle(env.DB, {
      id,
      sourcedTime,
      categories: next() < 0.5 ? ["tech"] : ["world", "tech"],
      ...(i % 37 === 0 ? { status: "hidden" } : {}),
    });
    const roll = next();
    // Most have a few votes, some none, some net-negative, a few old ones very many.
    const votes =
      roll < 0.2
        ? null
        : roll < 0.3
          ? [0, Math.floor(next() * 6) + 1]
          : roll < 0.33
            ? [Math.floor(2000 + next() * 4000), 3]
            : [Math.floor(next() * 40), Math.floor(next() * 5)];
    if (votes)
      stats.push(
        env.DB.prepare(
          "INSERT INTO article_stats (article_id, upvotes, downvotes, updated_at) VALUES (?, ?, ?, 1)",
        ).bind(id, ...votes),
      );
  }
  await env.DB.batch(stats);
}

/** Every visible article of the period scored and sorted by SQLite: the ranking the feed must give. */
async function reference(category: ArticleCategory | null, period: FeedPeriod, offset: number, limit: number) {
  const since = periodStart(period, NOW);
  const { results } = await env.DB.prepare(
    `SELECT a.id FROM articles a LEFT JOIN article_stats s ON s.article_id = a.id
     WHERE a.status = 'visible' AND a.sourced_time >= ?1
       AND (?2 IS NULL OR EXISTS (SELECT 1 FROM article_categories c WHERE c.article_id = a.id AND c.category = ?2))
     ORDER BY (coalesce(s.upvotes, 0) - coalesce(s.downvotes, 0)) / pow((?3 - a.sourced_time) / 3600.0 + 2, 1.8) DESC,
              a.sourced_time DESC, a.id DESC
     LIMIT ?4 OFFSET ?5`,
  )
    .bind(since, category, NOW, limit, offset)
    .all<{ id: string }>();
  return results.map((row) => row.id);
}

describe("the popularity feed", () => {
  beforeAll(seedArticles);

  const pages = [
    [1, 20],
    [2, 20],
    [1, 5],
    [4, 7],
    [3, 50],
    [12, 20],
  ] as const;
  const periods: FeedPeriod[] = ["all", "30d", "7d", "24h", "6h"];

  it.each(periods)("ranks every page of period %s exactly as scoring the whole period would", async (period) => {
    const db = createDb(env.DB);
    for (const category of [null, "world"] as const)
      for (const [page, limit] of pages) {
        const { articles, hasNext } = await listFeed(db, category, { page, limit, sort: "popularity", period }, NOW);
        const expected = await reference(category, period, (page - 1) * limit, limit + 1);
        expect(
          articles.map((article) => article.id),
          `${category} ${period} page ${page} × ${limit}`,
        ).toEqual(expected.slice(0, limit));
        expect(hasNext).toBe(expected.length > limit);
      }
  });

  it.each([
    [null, /SEARCH articles USING INDEX articles_feed_idx \(status=\? AND sourced_time>\?\)/],
    [
      "world",
      /SEARCH article_categories USING (COVERING )?INDEX article_categories_feed_idx \(category=\? AND sourced_time>\?\)/,
    ],
  ] as const)(
    "finds the older candidates by their net votes, never scoring the whole period (category %s)",
    async (category, recentRead) => {
      const plans = await selectPlans(env.DB, (db) =>
        listFeed(createDb(db), category, { page: 1, limit: 20, sort: "popularity", period: "all" }, NOW),
      );
      // The recent articles, then the older ones that can outrank them: no third, whole-period read.
      expect(plans).toHaveLength(2);
      const [recent, older] = plans.map(({ plan }) => plan.join("\n"));
      expect(recent).toMatch(recentRead);
      expect(older).toMatch(/SEARCH article_stats USING INDEX article_stats_net_idx/);
      expect(older).not.toMatch(/SCAN article|_feed_idx/);
    },
  );
});
