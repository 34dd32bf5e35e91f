import { env } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { selectPlans, WALKS_VISIBLE_ARTICLES } from "@unbiased/worker-shared/testing/query-plans";
import { describe, expect, it } from "vitest";
import { listFeed } from "../src/storage/articles.ts";
import { getEventDetail } from "../src/storage/event-detail.ts";
import { listCurrentEvents } from "../src/storage/events.ts";
import { listFeedEntries } from "../src/storage/feed-entries.ts";
import { relatedStories } from "../src/storage/related.ts";

// A feed page's miss reads its events' articles; an event's page reads that event's. Both find them
// by event, and must not walk every visible article (articles_feed_idx) to do it.
describe("the events' article lookups", () => {
  it("read the articles by event, never through the feed's index", async () => {
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO events (id, title, main_tldr, start_date, end_date, created_at, updated_at) VALUES ('plan-ev', 'Event', 'What happened.', ?, ?, 1, 1)",
    )
      .bind(now - 3600_000, now)
      .run();
    await insertArticle(env.DB, { id: "plan-a", eventId: "plan-ev" });

    const plans = [
      ...(await selectPlans(env.DB, (db) => listCurrentEvents(createDb(db), now))),
      ...(await selectPlans(env.DB, (db) => getEventDetail(createDb(db), "plan-ev"))),
    ];
    const articleReads = plans.filter(({ sql }) => /from "articles"/.test(sql));

    expect(articleReads).toHaveLength(2);
    for (const { plan } of articleReads) {
      expect(plan.join("\n")).toMatch(/SEARCH articles USING INDEX articles_event_idx \(event_id=\?\)/);
      expect(plan.join("\n")).not.toMatch(WALKS_VISIBLE_ARTICLES);
    }
  });
});

// Every feed page (the main feed, a category, an outlet, their Atom feeds) is newest first with the id breaking
// ties: the feed's index walked backwards, so a page reads its own rows and stops. Sorting instead
// (a temporary b-tree) reads every article of the period, the whole table for the Atom feeds.
describe("the feeds' pages", () => {
  const newestFirst = { page: 2, limit: 20, sort: "date", period: "7d" } as const;

  it("walk the feed's index in order, never sorting", async () => {
    await insertArticle(env.DB, { id: "plan-f1", categories: ["tech"] });
    const plans = [
      ...(await selectPlans(env.DB, (db) => listFeed(createDb(db), null, newestFirst))),
      ...(await selectPlans(env.DB, (db) => listFeed(createDb(db), "tech", newestFirst))),
      ...(await selectPlans(env.DB, (db) => listFeedEntries(createDb(db), null))),
      ...(await selectPlans(env.DB, (db) => listFeedEntries(createDb(db), "tech"))),
      ...(await selectPlans(env.DB, (db) => listFeed(createDb(db), { outlet: "news.example" }, newestFirst))),
      ...(await selectPlans(env.DB, (db) => listFeedEntries(createDb(db), { outlet: "news.example" }))),
    ];
    const feedReads = plans.filter(({ sql }) => /order by/i.test(sql));

    expect(feedReads).toHaveLength(6);
    const [main, category, mainEntries, categoryEntries, outlet, outletEntries] = feedReads.map(({ plan }) =>
      plan.join("\n"),
    );
    for (const plan of [main, mainEntries])
      expect(plan).toMatch(/SEARCH articles USING (COVERING )?INDEX articles_feed_idx/);
    for (const plan of [category, categoryEntries])
      expect(plan).toMatch(/SEARCH article_categories USING (COVERING )?INDEX article_categories_feed_idx/);
    for (const plan of [outlet, outletEntries])
      expect(plan).toMatch(/SEARCH articles USING (COVERING )?INDEX articles_outlet_feed_idx/);
    for (const plan of feedReads) expect(plan.plan.join("\n")).not.toMatch(/TEMP B-TREE|SCAN articles/);
  });
});

// An article page's related stories: the outlet's newest on its feed index, the event's on the event
// index; neither walks every visible article nor sorts the outlet's.
describe("an article's related stories", () => {
  it("read the outlet's on its feed index and the event's by event", async () => {
    await env.DB.prepare(
      "INSERT INTO events (id, title, main_tldr, start_date, end_date, created_at, updated_at) VALUES ('plan-rel', 'Event', 'What happened.', 1, 2, 1, 1)",
    ).run();
    await insertArticle(env.DB, { id: "plan-rel-a", eventId: "plan-rel", domain: "plan.example" });
    const plans = await selectPlans(env.DB, (db) => relatedStories(createDb(db), "plan-rel-a"));
    const lists = plans.filter(({ sql }) => /order by/i.test(sql)).map(({ plan }) => plan.join("\n"));

    expect(lists).toHaveLength(2);
    const [outlet, event] = lists as [string, string];
    expect(outlet).toMatch(/SEARCH articles USING INDEX articles_outlet_feed_idx/);
    expect(event).toMatch(/SEARCH articles USING INDEX articles_event_idx \(event_id=\?\)/);
    for (const plan of lists) expect(plan).not.toMatch(WALKS_VISIBLE_ARTICLES);
    expect(outlet).not.toMatch(/TEMP B-TREE/);
  });
});

// An outlet's popularity feed: each tier a range of the outlet's own hot index, never the shared hot
// index walked through every outlet's rows (a small or unknown outlet read the whole table that way).
describe("an outlet's popularity feed", () => {
  it("walks the outlet's hot index", async () => {
    await insertArticle(env.DB, { id: "plan-hot", domain: "plan-hot.example" });
    const plans = await selectPlans(env.DB, (db) =>
      listFeed(createDb(db), { outlet: "plan-hot.example" }, { page: 1, limit: 20, sort: "popularity", period: "all" }),
    );
    const tiers = plans.filter(({ sql }) => /order by/i.test(sql)).map(({ plan }) => plan.join("\n"));
    expect(tiers).toHaveLength(3);
    for (const plan of tiers) {
      expect(plan).toMatch(/SEARCH articles USING INDEX articles_outlet_hot_idx \(domain=\? AND status=\?/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});

// Deleting a user row makes SQLite look the id up in every table with a foreign key to users, and the
// account deletion clears staff ids (hidden_by, resolved_by) by value: a key column without an index
// walks its whole table each time, which grows with the audience (ADR 022).
describe("an account deletion's lookups of the user's id", () => {
  it("find every foreign key to users through an index", async () => {
    const tables = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'articles_fts%'",
    ).all<{ name: string }>();
    const walks: string[] = [];
    let keys = 0;
    for (const { name } of tables.results) {
      const foreign = await env.DB.prepare(`PRAGMA foreign_key_list("${name}")`).all<{ table: string; from: string }>();
      for (const key of foreign.results.filter((k) => k.table === "users")) {
        keys += 1;
        const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN SELECT 1 FROM "${name}" WHERE "${key.from}" = ?`)
          .bind("someone")
          .all<{ detail: string }>();
        const detail = plan.results.map((row) => row.detail).join("; ");
        // A WITHOUT ROWID table's key is its index (inbox_outbox).
        if (!/SEARCH .* USING ((COVERING )?INDEX|PRIMARY KEY)/.test(detail))
          walks.push(`${name}.${key.from}: ${detail}`);
      }
    }
    expect(keys).toBeGreaterThan(10);
    expect(walks).toEqual([]);
  });
});
