// The image proxy (contracts/images.ts): the article API gives a publisher's picture as a same-origin
// address, the gateway serves it (fetched by the ingest worker behind the outbound guard, from the
// ingest tests' web stand-in here) as a passive file kept in the edge cache, and anything that is not
// a raster picture as the category's generated image, briefly cached.
import { env, SELF } from "cloudflare:test";
import type { Article } from "@unbiased/worker-shared/contracts/articles";
import { articleImagePath } from "@unbiased/worker-shared/contracts/images";
import { CONTENT_VERSION_REUSE_MS } from "@unbiased/worker-shared/db/content-version";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it, vi } from "vitest";
import { FIXTURES_ORIGIN } from "../../ingest/test/support/origins.ts";

const get = (path: string) => SELF.fetch(`http://127.0.0.1${path}`, { redirect: "manual" });
/** A marked copy to put in the cache: which entry an address is answered from. */
const cachedCopy = (type: string) =>
  new Response("cached copy", { headers: { "Content-Type": type, "Cache-Control": "public, max-age=600" } });
const setStoredImage = (id: string, url: string) =>
  env.DB.prepare("UPDATE articles SET thumbnail_url = ? WHERE id = ?").bind(url, id).run();

async function articleWithImage(url: string): Promise<Article> {
  const { id } = await insertArticle(env.DB, { thumbnailUrl: url, categories: ["politics"] });
  return ((await (await get(`/api/articles/${id}`)).json()) as { data: Article }).data;
}

describe("GET /api/images/article/{id}", () => {
  it("gives the article's publisher picture as a same-origin address and serves it as a passive file", async () => {
    const source = `${FIXTURES_ORIGIN}/images/photo.jpg`;
    const article = await articleWithImage(source);
    expect(article.thumbnailUrl).toBe(articleImagePath(article.id, source));
    expect(article.thumbnailUrl).toMatch(/^\/api\/images\/article\/[\w-]+\?v=[0-9a-z]+$/);

    const res = await get(article.thumbnailUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/jpeg");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=604800, stale-while-revalidate=86400");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Security-Policy")).toMatch(/default-src 'none'.*sandbox/);
    expect(res.headers.get("Cross-Origin-Resource-Policy")).toBe("same-origin");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(bytes.byteLength).toBeGreaterThan(100);
  });

  it("keeps one cache entry per picture, under its one address: extra query parameters change nothing", async () => {
    const article = await articleWithImage(`${FIXTURES_ORIGIN}/images/photo.png`);
    const canonical = `http://127.0.0.1${article.thumbnailUrl}`;
    expect((await get(article.thumbnailUrl!)).headers.get("Content-Type")).toBe("image/png");
    // cache.put runs after the first answer (waitUntil): wait until it has landed.
    await vi.waitFor(async () => expect(await caches.default.match(canonical)).toBeDefined(), { timeout: 2000 });
    await caches.default.put(canonical, cachedCopy("image/png"));
    const decorated = await get(`${article.thumbnailUrl}&utm_source=x&v2=1`);
    expect(await decorated.text()).toBe("cached copy");
    expect(await caches.default.match(`${canonical}&utm_source=x&v2=1`)).toBeUndefined();
  });

  it("sends any other v, or none, to the picture's current address with a short max-age", async () => {
    const article = await articleWithImage(`${FIXTURES_ORIGIN}/images/photo.jpg`);
    for (const path of [
      `/api/images/article/${article.id}?v=anything`,
      `/api/images/article/${article.id}`,
      `/api/images/article/${article.id}?v=0`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location")).toBe(article.thumbnailUrl);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
      expect(await caches.default.match(`http://127.0.0.1${path}`)).toBeUndefined();
    }
    // An old tab's address after a regeneration: sent on to the new picture's.
    await setStoredImage(article.id, `${FIXTURES_ORIGIN}/images/photo.webp`);
    const moved = await get(article.thumbnailUrl!);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(articleImagePath(article.id, `${FIXTURES_ORIGIN}/images/photo.webp`));
  });

  it("answers a hidden article's picture 404 before looking in any cache", async () => {
    const article = await articleWithImage(`${FIXTURES_ORIGIN}/images/photo.jpg`);
    await caches.default.put(`http://127.0.0.1${article.thumbnailUrl}`, cachedCopy("image/jpeg"));
    expect(await (await get(article.thumbnailUrl!)).text()).toBe("cached copy");
    await env.DB.prepare("UPDATE articles SET status = 'hidden' WHERE id = ?").bind(article.id).run();
    const res = await get(article.thumbnailUrl!);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: `Unknown article: ${article.id}` });
  });

  it("lets concurrent misses of one picture share one fetch: the client's miss count moves by one", async () => {
    const article = await articleWithImage(`${FIXTURES_ORIGIN}/images/photo.jpg`);
    const client = { "CF-Connecting-IP": "203.0.113.21" };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => SELF.fetch(`http://127.0.0.1${article.thumbnailUrl}`, { headers: client })),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const res of answers) expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const misses = await env.DB.prepare("SELECT count FROM rate_limits WHERE key = 'image-miss:203.0.113.21'").first();
    expect(misses).toEqual({ count: 1 });
  });

  it("limits misses per client address: past the limit, 429 with Retry-After (a cached picture still answers)", async () => {
    const article = await articleWithImage(`${FIXTURES_ORIGIN}/images/photo.gif`);
    const client = { "CF-Connecting-IP": "203.0.113.22" };
    await env.DB.prepare("INSERT INTO rate_limits (key, count, reset_at) VALUES (?, ?, ?)")
      .bind("image-miss:203.0.113.22", RATE_LIMITS.imageMisses.limit, Date.now() + 60_000)
      .run();
    const refused = await SELF.fetch(`http://127.0.0.1${article.thumbnailUrl}`, { headers: client });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    await caches.default.put(`http://127.0.0.1${article.thumbnailUrl}`, cachedCopy("image/gif"));
    const cached = await SELF.fetch(`http://127.0.0.1${article.thumbnailUrl}`, { headers: client });
    expect(await cached.text()).toBe("cached copy");
  });

  it("gives a regenerated picture a new address", async () => {
    const article = await articleWithImage(`${FIXTURES_ORIGIN}/images/photo.jpg`);
    // As a regeneration does: the new URL and a content-version bump (public reads are cached on it).
    await setStoredImage(article.id, `${FIXTURES_ORIGIN}/images/photo.webp`);
    await env.DB.prepare("UPDATE content_version SET version = version + 1 WHERE id = 1").run();
    await scheduler.wait(CONTENT_VERSION_REUSE_MS + 50);
    const after = ((await (await get(`/api/articles/${article.id}`)).json()) as { data: Article }).data;
    expect(after.thumbnailUrl).not.toBe(article.thumbnailUrl);
    expect((await get(after.thumbnailUrl!)).headers.get("Content-Type")).toBe("image/webp");
  });

  it.each([
    ["an SVG", "drawing.svg"],
    ["an HTML page labelled image/jpeg", "error-page.jpg"],
    ["a missing picture", "gone.jpg"],
  ])("answers %s with the category's picture, cached for minutes only", async (_, file) => {
    const article = await articleWithImage(`${FIXTURES_ORIGIN}/images/${file}`);
    const res = await get(article.thumbnailUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(await res.text()).toMatch(/^<svg [^>]*aria-label="Politics"/);
  });

  it("leaves the product's own pictures as they are, and answers an unknown article 404", async () => {
    const article = await articleWithImage("/api/images/category/politics.svg");
    expect(article.thumbnailUrl).toBe("/api/images/category/politics.svg");
    const res = await get("/api/images/article/no-such-article?v=1");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Unknown article: no-such-article" });
  });
});
