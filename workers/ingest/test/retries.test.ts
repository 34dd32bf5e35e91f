// A failing job is retried with backoff (wrangler.toml's max_retries counts the retries; the code does
// not) and, when they run out, dead-lettered, where the job and the reader's submission are marked
// failed; at no point is anything half-written.
import { env } from "cloudflare:test";
import { insertUser } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import { contentVersion, count, deliver, deliverDeadLetter, ingestJob, jobStatus } from "./support/jobs.ts";
import { FIXTURES_ORIGIN } from "./support/origins.ts";

const nothingStored = async () => ({
  articles: await count("articles"),
  categories: await count("article_categories"),
  events: await count("events"),
});

describe("a consumer failure", () => {
  it("retries with backoff, then the dead-letter consumer fails the job and the submission", async () => {
    const user = await insertUser(env.DB);
    await env.DB.prepare(
      "INSERT INTO submissions (id, user_id, url, canonical_url, status, created_at, updated_at) VALUES ('sub-1', ?, 'u', 'u', 'queued', 0, 0)",
    )
      .bind(user.id)
      .run();
    const version = await contentVersion();
    const job = ingestJob({ url: `${FIXTURES_ORIGIN}/server-error.html`, submissionId: "sub-1" }, { jobId: "doomed" });

    const submission = () => env.DB.prepare("SELECT status, error FROM submissions WHERE id = 'sub-1'").first();
    // The first try and the 3 retries of wrangler.toml (max_retries = 3).
    for (let attempt = 1; attempt <= 4; attempt++) {
      const { result, messages } = await deliver([{ ...job, attempts: attempt }]);
      // Every failed delivery is retried (with backoff: retryDelaySeconds) and waits as pending.
      expect(result.retryMessages).toEqual([{ msgId: messages[0]!.id }]);
      expect(result.explicitAcks).toEqual([]);
      expect(await jobStatus("doomed")).toMatchObject({
        status: "pending",
        attempts: attempt,
        lastError: `HTTP 500 from ${FIXTURES_ORIGIN}/server-error.html`,
      });
      expect(await submission()).toEqual({ status: "queued", error: null });
    }
    // The platform moves the message to unbiased-ingest-dlq, whose consumer ends the job and the submission.
    expect((await deliverDeadLetter([job])).explicitAcks).toHaveLength(1);
    expect(await jobStatus("doomed")).toMatchObject({
      status: "failed",
      lastError: `HTTP 500 from ${FIXTURES_ORIGIN}/server-error.html`,
    });
    expect(await submission()).toEqual({
      status: "failed",
      error: `HTTP 500 from ${FIXTURES_ORIGIN}/server-error.html`,
    });
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
