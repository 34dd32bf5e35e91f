import { env } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { expectArticlesReadById, selectPlans } from "@unbiased/worker-shared/testing/query-plans";
import { describe, expect, it } from "vitest";
import { recordedCounts } from "../src/storage/recorded-counts.ts";
import { articlesInCopy } from "../src/storage/user-erasure.ts";

// Every miss of a feed page reads its 20 cards' recorded counts: a lookup by id that must not walk
// every visible article through the feed's index.
describe("the recorded counts of a page's articles", () => {
  it("are read by id, never through the feed's index", async () => {
    await insertArticle(env.DB, { id: "plan-v1" });
    await insertArticle(env.DB, { id: "plan-v2" });

    await expectArticlesReadById(env.DB, (db) => recordedCounts(createDb(db), ["plan-v1", "plan-v2", "gone"]));
  });
});

// An account deletion looks for the user's events among the kept bodies of dead-lettered jobs: only the
// rows that keep one, never every job row of the vote queue (a batch row a few seconds, kept two days).
describe("an account deletion's search of kept job bodies", () => {
  it("reads the queue's rows with a body through their partial index", async () => {
    const plans = await selectPlans(env.DB, (db) => articlesInCopy(createDb(db), "plan-user"));
    const plan = plans.map((p) => p.plan.join("\n")).join("\n");
    expect(plan).toMatch(/SEARCH queue_jobs USING INDEX queue_jobs_kept_body_idx \(queue=\?\)/);
    expect(plan).not.toMatch(/queue_jobs_status_idx|queue_jobs_time_idx|SCAN queue_jobs/);
  });
});
