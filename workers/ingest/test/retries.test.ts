// A failing job is retried with backoff and, after the last attempt, marked failed and left to the
// dead-letter queue; at no point is anything half-written.
import { env } from "cloudflare:test";
import { insertUser } from "@unbiased/worker-shared/testing/fixtures";
import { MAX_ATTEMPTS } from "@unbiased/worker-shared/queue/jobs";
import { describe, expect, it } from "vitest";
import { contentVersion, count, deliver, ingestJob, jobStatus } from "./support/jobs.ts";
import { FIXTURES_ORIGIN } from "./support/origins.ts";

const nothingStored = async () => ({
  articles: await count("articles"),
  categories: await count("article_categories"),
  events: await count("events"),
});

describe("a consumer failure", () => {
  it("retries with backoff, then fails the job, the submission and hands the message to the dead-letter queue", async () => {
    const user = await insertUser(env.DB);
    await env.DB.prepare(
      "INSERT INTO submissions (id, user_id, url, canonical_url, status, created_at, updated_at) VALUES ('sub-1', ?, 'u', 'u', 'queued', 0, 0)",
    )
      .bind(user.id)
      .run();
    const version = await contentVersion();
    const job = ingestJob({ url: `${FIXTURES_ORIGIN}/server-error.html`, submissionId: "sub-1" }, { jobId: "doomed" });

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const { result, messages } = await deliver([{ ...job, attempts: attempt }]);
      // Every failed delivery is retried (with backoff: retryDelaySeconds); after the last attempt
      // the platform moves the message to unbiased-ingest-dlq (wrangler.toml: max_retries = 3).
      expect(result.retryMessages).toEqual([{ msgId: messages[0]!.id }]);
      expect(result.explicitAcks).toEqual([]);
      const status = await jobStatus("doomed");
      expect(status).toMatchObject({
        status: attempt < MAX_ATTEMPTS ? "pending" : "failed",
        attempts: attempt,
        lastError: `HTTP 500 from ${FIXTURES_ORIGIN}/server-error.html`,
      });
      const submission = await env.DB.prepare("SELECT status, error FROM submissions WHERE id = 'sub-1'").first();
      expect(submission).toEqual(
        attempt < MAX_ATTEMPTS
          ? { status: "queued", error: null }
          : { status: "failed", error: `HTTP 500 from ${FIXTURES_ORIGIN}/server-error.html` },
      );
    }
    expect(await nothingStored()).toEqual({ articles: 0, categories: 0, events: 0 });
    expect(await contentVersion()).toBe(version);
  });

  it("succeeds on a later attempt when the page comes back", async () => {
    const job = ingestJob({ url: `${FIXTURES_ORIGIN}/flaky/2/pages/undated.html` }, { jobId: "flaky" });
    expect((await deliver([{ ...job, attempts: 1 }])).result.retryMessages).toHaveLength(1);
    expect((await deliver([{ ...job, attempts: 2 }])).result.retryMessages).toHaveLength(1);
    expect((await deliver([{ ...job, attempts: 3 }])).result.explicitAcks).toHaveLength(1);
    expect(await jobStatus("flaky")).toMatchObject({ status: "completed", attempts: 3, lastError: null });
    expect(await count("articles")).toBe(1);
  });

  it("leaves nothing half-written when the store itself fails part-way, and stores all of it on retry", async () => {
    const articlesBefore = await count("articles");
    const version = await contentVersion();
    // The article row is written first in the batch; the categories after it now fail.
    await env.DB.exec(
      "CREATE TRIGGER test_refuse_categories BEFORE INSERT ON article_categories BEGIN SELECT RAISE(ABORT, 'categories unavailable'); END",
    );
    const job = ingestJob(
      { url: `${FIXTURES_ORIGIN}/pages/article.html`, feedCategories: ["Business"] },
      { jobId: "atomic" },
    );
    expect((await deliver([job])).result.retryMessages).toHaveLength(1);
    expect((await jobStatus("atomic"))!.lastError).toContain("categories unavailable");
    expect(await count("articles")).toBe(articlesBefore);
    expect(await contentVersion()).toBe(version);

    await env.DB.exec("DROP TRIGGER test_refuse_categories");
    expect((await deliver([{ ...job, attempts: 2 }])).result.explicitAcks).toHaveLength(1);
    expect(await count("articles")).toBe(articlesBefore + 1);
    expect(await count("article_categories", "category = 'business'")).toBe(1);
    expect(await contentVersion()).toBe(version + 1);
  });

  it("acknowledges a redelivery of a completed job without running it again", async () => {
    const version = await contentVersion();
    const { result } = await deliver([
      {
        ...ingestJob({ url: `${FIXTURES_ORIGIN}/pages/article.html`, publishedAt: 4_000_000_000 }),
        jobId: "atomic",
        attempts: 3,
      },
    ]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await contentVersion()).toBe(version);
  });
});
