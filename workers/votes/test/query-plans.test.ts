import { env } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { expectArticlesReadById } from "@unbiased/worker-shared/testing/query-plans";
import { describe, it } from "vitest";
import { recordedCounts } from "../src/storage/recorded-counts.ts";

// Every miss of a feed page reads its 20 cards' recorded counts: a lookup by id that must not walk
// every visible article through the feed's index.
describe("the recorded counts of a page's articles", () => {
  it("are read by id, never through the feed's index", async () => {
    await insertArticle(env.DB, { id: "plan-v1" });
    await insertArticle(env.DB, { id: "plan-v2" });

    await expectArticlesReadById(env.DB, (db) => recordedCounts(createDb(db), ["plan-v1", "plan-v2", "gone"]));
  });
});
