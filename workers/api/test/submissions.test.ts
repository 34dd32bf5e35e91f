// POST /api/submissions/url: validated at once, canonicalised, matched to an existing article or
// queued for the ingest worker; rate-limited per user.
import { env, SELF } from "cloudflare:test";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { URL_REFUSALS } from "@unbiased/worker-shared/urls/public-url";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_NEWSWIRE_ORIGIN } from "./support/newswire.ts";
import { BASE, bearer, devSignIn } from "./support/session.ts";

let token = "";

beforeAll(async () => {
  token = (await devSignIn("user", "Submitting Reader")).token;
});

const submit = (body: unknown, as = token) =>
  SELF.fetch(`${BASE}/api/submissions/url`, {
    method: "POST",
    headers: { "content-type": "application/json", ...bearer(as) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("POST /api/submissions/url refuses at once", () => {
  it.each([
    [{}, "Please enter a URL"],
    [{ url: "   " }, "Please enter a URL"],
    [{ url: 42 }, "Please enter a URL"],
    [{ url: "not a url" }, URL_REFUSALS.malformed],
    [{ url: "file:///etc/passwd" }, URL_REFUSALS.scheme],
    [{ url: "data:text/html,hi" }, URL_REFUSALS.scheme],
    [{ url: "ftp://files.example/a" }, URL_REFUSALS.scheme],
    [{ url: "http://localhost:8787/" }, URL_REFUSALS.localName],
    [{ url: "http://metadata.google.internal/" }, URL_REFUSALS.localName],
    [{ url: "http://127.0.0.1/admin" }, URL_REFUSALS.privateAddress],
    [{ url: "http://2130706433/" }, URL_REFUSALS.privateAddress],
    [{ url: "http://10.1.2.3/" }, URL_REFUSALS.privateAddress],
    [{ url: "http://169.254.169.254/latest/meta-data/" }, URL_REFUSALS.privateAddress],
    [{ url: "http://[::ffff:127.0.0.1]/" }, URL_REFUSALS.privateAddress],
    [{ url: "http://[fe80::1]/" }, URL_REFUSALS.privateAddress],
    [{ url: "https://user:pass@news.example/a" }, URL_REFUSALS.credentials],
    [{ url: `https://news.example/${"a".repeat(2100)}` }, "URL must be 2048 characters or fewer"],
  ])("%j → 400 %s", async (body, error) => {
    const res = await submit(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error });
  });

  it("malformed JSON", async () => {
    const res = await submit("{nope");
    expect(await res.json()).toEqual({ success: false, error: "Malformed JSON in request body" });
  });

  it("records nothing for a refused URL", async () => {
    expect(await env.DB.prepare("SELECT count(*) AS n FROM submissions").first()).toEqual({ n: 0 });
  });
});

describe("POST /api/submissions/url accepts", () => {
  it("queues a new public URL, canonicalised, for the ingest worker", async () => {
    const res = await submit({ url: " https://News.Example/world/story/?utm_source=share&id=7#top " });
    expect(res.status).toBe(202);
    const { success, data } = (await res.json()) as {
      success: boolean;
      data: { submissionId: string; status: string; articleId?: string };
    };
    expect(success).toBe(true);
    expect(data).toEqual({ submissionId: expect.any(String), status: "queued" });
    const row = await env.DB.prepare("SELECT url, canonical_url AS canonicalUrl, status FROM submissions WHERE id = ?")
      .bind(data.submissionId)
      .first();
    expect(row).toEqual({
      url: "https://News.Example/world/story/?utm_source=share&id=7#top",
      canonicalUrl: "https://news.example/world/story?id=7",
      status: "queued",
    });
    expect(
      await env.DB.prepare("SELECT queue, kind, status FROM queue_jobs WHERE kind = 'article.ingest'")
        .all()
        .then((r) => r.results),
    ).toEqual([{ queue: "unbiased-ingest", kind: "article.ingest", status: "pending" }]);
  });

  it("accepts the configured local newswire although it is loopback, and only that origin", async () => {
    expect((await submit({ url: `${TEST_NEWSWIRE_ORIGIN}/newswire/articles/some-story` })).status).toBe(202);
    const other = await submit({ url: "http://127.0.0.1:8800/newswire/articles/some-story" });
    expect(other.status).toBe(400);
  });

  it("answers with the existing article when the URL is already ingested, whatever its spelling", async () => {
    await insertArticle(env.DB, { id: "already-here", url: "https://news.example/already/here" });
    const res = await submit({ url: "HTTPS://NEWS.EXAMPLE/already/here/?fbclid=xyz" });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { submissionId: string } };
    expect(data).toEqual({ submissionId: expect.any(String), status: "duplicate", articleId: "already-here" });
    expect(
      await env.DB.prepare("SELECT status, article_id AS articleId FROM submissions WHERE id = ?")
        .bind(data.submissionId)
        .first(),
    ).toEqual({ status: "duplicate", articleId: "already-here" });
  });

  it(`allows ${RATE_LIMITS.submissions.limit} submissions an hour per user, then 429 with Retry-After`, async () => {
    const { token: busy } = await devSignIn("user", "Busy Submitter");
    for (let i = 0; i < RATE_LIMITS.submissions.limit; i++)
      expect((await submit({ url: `https://news.example/busy/${i}` }, busy)).status).toBe(202);
    const res = await submit({ url: "https://news.example/busy/one-too-many" }, busy);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another reader is not affected.
    expect((await submit({ url: "https://news.example/someone-else" })).status).toBe(202);
  });
});
