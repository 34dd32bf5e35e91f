import { env } from "cloudflare:test";
import type { ArticleCategory, FeedPeriod } from "@unbiased/worker-shared/contracts/articles";
import { createDb } from "@unbiased/worker-shared/db/client";
import { HOTNESS_SECONDS_PER_TENFOLD, hotness } from "@unbiased/worker-shared/db/schema/index";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { selectPlans } from "@unbiased/worker-shared/testing/query-plans";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../../scripts/random.ts";
import { listFeed, periodStart } from "../src/storage/articles.ts";

// The popularity feed walks the index of the articles' tier and hotness (articles_hot_idx), computed from
// the net votes each article's object copies onto its row with its counts (migration 0021). These tests
// hold it to the ranking computed from the counts themselves, every article of the period scored in
// SQL, on data made to stress it: ties in time, old articles with many votes, net-negative and unvoted
// ones, hidden ones, and counts rewritten after the first ranking.

/** The counts as an article's ArticleVotes object copies them (workers/votes recorded-counts.ts). */
const COPY_COUNTS = "UPDATE articles SET upvotes = ?2, downvotes = ?3, net_votes = ?2 - ?3 WHERE id = ?1";

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
    if (votes) stats.push(env.DB.prepare(COPY_COUNTS).bind(id, ...votes));
  }
  await env.DB.batch(stats);
}

/** Every visible article of the period scored from its counts and sorted by SQLite: the feed's ranking. */
async function reference(category: ArticleCategory | null, period: FeedPeriod, offset: number, limit: number) {
  const since = periodStart(period, NOW);
  const { results } = await env.DB.prepare(
    `WITH scored AS (
       SELECT a.id, a.sourced_time, a.upvotes - a.downvotes AS net
       FROM articles a
       WHERE a.status = 'visible' AND a.sourced_time >= ?1
         AND (?2 IS NULL OR EXISTS (SELECT 1 FROM article_categories c WHERE c.article_id = a.id AND c.category = ?2))
     )
     SELECT id FROM scored
     ORDER BY (CASE WHEN net > 0 THEN 2 WHEN net = 0 THEN 1 ELSE 0 END) DESC,
              (CASE WHEN net > 0 THEN length(net) - 1 + (net / pow(10, length(net) - 1) - 1) / 9.0
                    WHEN net < 0 THEN -(length(-net) - 1 + (-net / pow(10, length(-net) - 1) - 1) / 9.0)
                    ELSE 0 END) + sourced_time / ?3 DESC,
              sourced_time DESC, id DESC
     LIMIT ?4 OFFSET ?5`,
  )
    .bind(since, category, HOTNESS_SECONDS_PER_TENFOLD, limit, offset)
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

  async function expectEveryPageRanked(period: FeedPeriod) {
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
  }

  it("weighs net votes by a logarithm: exact at powers of ten, close and rising in between, a loss mirrored", async () => {
    const nets = [-1000, -20, -1, 0, 1, 2, 5, 9, 10, 11, 55, 99, 100, 1000, 12_345, 1_000_000];
    const hot = await Promise.all(
      nets.map(async (net) => {
        const [row] = await createDb(env.DB).all<{ hot: number }>(
          sql`SELECT ${hotness(sql`n`, sql`0`)} AS hot FROM (SELECT CAST(${net} AS INTEGER) AS n)`,
        );
        return row?.hot ?? Number.NaN;
      }),
    );
    nets.forEach((net, i) => {
      const exact = net === 0 ? 0 : Math.sign(net) * Math.log10(Math.abs(net));
      expect(Math.abs((hot[i] ?? Number.NaN) - exact), `net ${net}`).toBeLessThan(0.27);
      if (Number.isInteger(exact)) expect(hot[i]).toBeCloseTo(exact, 9);
      // Rising with the net; a net of -1, 0 or 1 weighs nothing (log10(1) = 0).
      if (i > 0 && Math.abs(net) > 1)
        expect(hot[i], `net ${net} above ${nets[i - 1]}`).toBeGreaterThan(hot[i - 1] ?? Number.NaN);
    });
  });

  it.each(periods)("ranks every page of period %s as scoring the whole period would", expectEveryPageRanked);

  it("follows the counts as they change: upserts, switches, a net that does not move", async () => {
    const { next } = seededRandom(36);
    const { results } = await env.DB.prepare("SELECT id FROM articles WHERE upvotes + downvotes > 0").all<{
      id: string;
    }>();
    // As the articles' objects copy them: new counts, some moving the net across a tier, some keeping it.
    await env.DB.batch(
      results.map(({ id }) => env.DB.prepare(COPY_COUNTS).bind(id, Math.floor(next() * 3000), Math.floor(next() * 60))),
    );
    await env.DB.prepare(
      "UPDATE articles SET upvotes = upvotes + 1, downvotes = downvotes + 1, net_votes = upvotes - downvotes",
    ).run();
    for (const period of periods) await expectEveryPageRanked(period);
  });

  it.each([null, "world"] as const)(
    "reads a page from the hotness index, never scoring or sorting the period (category %s)",
    async (category) => {
      const plans = await selectPlans(env.DB, (db) =>
        listFeed(createDb(db), category, { page: 1, limit: 20, sort: "popularity", period: "24h" }, NOW),
      );
      // One read per tier (a net gain, none, a net loss), each a range of the index.
      expect(plans).toHaveLength(3);
      for (const { plan } of plans) {
        expect(plan.join("\n")).toMatch(
          /SEARCH articles USING INDEX articles_hot_idx \(status=\? AND <expr>=\? AND <expr>>\?\)/,
        );
        expect(plan.join("\n")).not.toMatch(/TEMP B-TREE|SCAN articles/);
      }
    },
  );
});
