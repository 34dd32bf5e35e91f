import { env } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { selectPlans } from "@unbiased/worker-shared/testing/query-plans";
import { describe, expect, it } from "vitest";
import { visibleArticleIds } from "../src/storage/comments.ts";

// Every miss of a feed page asks which of its 20 cards are visible, for their comment counts: a lookup
// by id that must not walk every visible article through the feed's index.
describe("which of a page's articles are visible", () => {
  it("is read by id, never through the feed's index", async () => {
    await insertArticle(env.DB, { id: "plan-c1" });
    await insertArticle(env.DB, { id: "plan-c2" });

    const plans = await selectPlans(env.DB, (db) => visibleArticleIds(createDb(db), ["plan-c1", "plan-c2", "gone"]));

    expect(plans).toHaveLength(1);
    const plan = plans[0]!.plan.join("\n");
    expect(plan).toMatch(/SEARCH articles USING INDEX sqlite_autoindex_articles_1 \(id=\?\)/);
    expect(plan).not.toMatch(/articles_feed_idx|SCAN articles/);
  });
});
