// Failures that no retry can fix are acknowledged and failed at once; the life cycle survives a D1
// error; the dead-letter queue's consumer marks a job failed and logs it once; a canonical link on
// another site is ignored.
import { env } from "cloudflare:test";
import { INGEST_QUEUE_NAME } from "@unbiased/worker-shared/contracts/ingest";
import { insertUser } from "@unbiased/worker-shared/testing/fixtures";
import { afterEach, describe, expect, it, vi } from "vitest";
import { count, deliver, deliverDeadLetter, ingestJob, jobStatus } from "./support/jobs.ts";
import { FIXTURES_ORIGIN } from "./support/origins.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

async function queuedSubmission(id: string, url: string) {
  const user = await insertUser(env.DB);
  await env.DB.prepare(
    "INSERT INTO submissions (id, user_id, url, canonical_url, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'queued', 0, 0)",
  )
    .bind(id, user.id, url, url)
    .run();
}

describe("permanent failures are not retried", () => {
  it.each([
    ["a URL the SSRF guard refuses", "http://10.0.0.7/internal", /private|not allowed|refused|public/i],
    ["a host name that resolves to a private address", "https://intranet-ip.example/news", /private or local network/],
    ["a 404 answer", `${FIXTURES_ORIGIN}/pages/no-such-page.html`, /^HTTP 404 from/],
    ["a page that is not HTML", `${FIXTURES_ORIGIN}/pages/report.pdf`, /^Not an HTML page/],
  ])("%s: acknowledged, job and submission failed on the first attempt", async (_, url, error) => {
    const id = `permanent-${url.length}-${url.slice(-12)}`;
    await queuedSubmission(id, url);
    const { result, messages } = await deliver([ingestJob({ url, submissionId: id }, { jobId: id })]);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toEqual([messages[0]!.id]);
    const status = await jobStatus(id);
    expect(status).toMatchObject({ status: "failed", attempts: 1 });
    expect(status!.lastError).toMatch(error);
    const submission = await env.DB.prepare("SELECT status, error FROM submissions WHERE id = ?").bind(id).first();
    expect(submission).toMatchObject({ status: "failed" });
  });

  it("still retries a server error (5xx), which may pass", async () => {
    const { result } = await deliver([
      ingestJob({ url: `${FIXTURES_ORIGIN}/server-error.html` }, { jobId: "transient" }),
    ]);
    expect(result.retryMessages).toHaveLength(1);
    expect(await jobStatus("transient")).toMatchObject({ status: "pending" });
  });
});

describe("the job life cycle when D1 itself fails", () => {
  it("retries the message instead of failing the batch, and the job does not stay processing", async () => {
    // Recording the outcome fails (as a D1 outage would) after the job was marked processing.
    await env.DB.exec(
      "CREATE TRIGGER test_refuse_outcome BEFORE UPDATE OF status ON queue_jobs WHEN NEW.status <> 'processing' BEGIN SELECT RAISE(ABORT, 'D1 unavailable'); END",
    );
    const job = ingestJob({ url: `${FIXTURES_ORIGIN}/server-error.html` }, { jobId: "d1-outage" });
    const { result, messages } = await deliver([{ ...job, attempts: 4 }]);
    expect(result.retryMessages).toEqual([{ msgId: messages[0]!.id }]);
    expect(await jobStatus("d1-outage")).toMatchObject({ status: "processing" });
    await env.DB.exec("DROP TRIGGER test_refuse_outcome");

    // Its retries ran out: the dead-letter consumer records the failure.
    const dead = await deliverDeadLetter([{ jobId: "d1-outage", kind: job.kind, payload: job.payload }]);
    expect(dead.explicitAcks).toHaveLength(1);
    expect(await jobStatus("d1-outage")).toMatchObject({ status: "failed", lastError: "retries exhausted" });
  });
});

describe("the dead-letter queue's consumer", () => {
  it("marks each job failed, keeps its last error, leaves a completed one alone, and logs each failure once", async () => {
    const now = Date.now();
    for (const [id, status, lastError] of [
      ["dl-processing", "processing", null],
      ["dl-failed", "failed", "HTTP 503 from https://fixtures.example/x"],
      ["dl-completed", "completed", null],
    ] as const) {
      await env.DB.prepare(
        "INSERT INTO queue_jobs (id, queue, kind, status, attempts, last_error, created_at, updated_at) VALUES (?, ?, 'article.ingest', ?, 4, ?, ?, ?)",
      )
        .bind(id, INGEST_QUEUE_NAME, status, lastError, now, now)
        .run();
    }
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await deliverDeadLetter(
      ["dl-processing", "dl-failed", "dl-completed", "dl-unknown"].map((jobId) => ({
        jobId,
        kind: "article.ingest",
        payload: {},
      })),
    );
    expect(result.explicitAcks).toHaveLength(4);
    expect(result.retryMessages).toEqual([]);
    expect(await jobStatus("dl-processing")).toMatchObject({ status: "failed", lastError: "retries exhausted" });
    expect(await jobStatus("dl-failed")).toMatchObject({
      status: "failed",
      lastError: "HTTP 503 from https://fixtures.example/x",
    });
    expect(await jobStatus("dl-completed")).toMatchObject({ status: "completed" });
    expect(await jobStatus("dl-unknown")).toMatchObject({ status: "failed" });
    const logged = errors.mock.calls.map((call) => String(call[0]));
    for (const id of ["dl-processing", "dl-failed", "dl-unknown"])
      expect(
        logged.filter((line) => line.includes(id)),
        id,
      ).toHaveLength(1);
    expect(logged.some((line) => line.includes("dl-completed"))).toBe(false);
  });
});

describe("canonical links", () => {
  it("ignores a canonical link on another site: the article keeps the fetched URL and domain", async () => {
    const url = `${FIXTURES_ORIGIN}/pages/foreign-canonical.html`;
    const { result } = await deliver([ingestJob({ url }, { jobId: "foreign-canonical" })]);
    expect(result.explicitAcks).toHaveLength(1);
    const row = await env.DB.prepare("SELECT url, domain FROM articles WHERE title LIKE 'Harbour cranes%'").first();
    expect(row).toEqual({ url, domain: "fixtures.example" });
    expect(await count("articles", "url LIKE 'https://real-outlet.example/%'")).toBe(0);
  });

  it("trusts a canonical link on the page's own registrable domain", async () => {
    await deliver([ingestJob({ url: `${FIXTURES_ORIGIN}/pages/subdomain-canonical.html` })]);
    const row = await env.DB.prepare("SELECT url, domain FROM articles WHERE title LIKE 'Night trains%'").first();
    expect(row).toEqual({ url: "https://www.fixtures.example/stories/night-trains", domain: "fixtures.example" });
  });
});
