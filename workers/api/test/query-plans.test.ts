import { env } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { selectPlans } from "@unbiased/worker-shared/testing/query-plans";
import { describe, expect, it } from "vitest";
import { getEventDetail } from "../src/storage/event-detail.ts";
import { listCurrentEvents } from "../src/storage/events.ts";

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
      expect(plan.join("\n")).not.toMatch(/articles_feed_idx|SCAN articles/);
    }
  });
});
