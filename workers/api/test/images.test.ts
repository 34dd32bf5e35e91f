// The image proxy (contracts/images.ts): the article API gives a publisher's picture as a same-origin
// address, the gateway serves it (fetched by the ingest worker behind the outbound guard, from the
// ingest tests' web stand-in here) as a passive file kept in the edge cache, and anything that is not
// a raster picture as the category's generated image, briefly cached.
import { env, SELF } from "cloudflare:test";
import type { Article } from "@unbiased/worker-shared/contracts/articles";
import { articleImagePath } from "@unbiased/worker-shared/contracts/images";
import { CONTENT_VERSION_REUSE_MS } from "@unbiased/worker-shared/db/content-version";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import { FIXTURES_ORIGIN } from "../../ingest/test/support/origins.ts";

const get = (path: string) => SELF.fetch(`http://127.0.0.1${path}`);
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

  it("asks the publisher once per address: a second request is the edge cache's copy", async () => {
    const article = await articleWithImage(`${FIXTURES_ORIGIN}/images/photo.png`);
    expect((await get(article.thumbnailUrl!)).headers.get("Content-Type")).toBe("image/png");
    // The stored URL now leads nowhere; the same address still answers with the picture it named.
    await setStoredImage(article.id, `${FIXTURES_ORIGIN}/images/gone.png`);
    let again: Response | undefined;
    // cache.put runs after the first answer (waitUntil): give it a moment to land.
    for (let i = 0; i < 20; i++) {
      again = await get(article.thumbnailUrl!);
      if (again.headers.get("Content-Type") === "image/png") break;
      await scheduler.wait(50);
    }
    expect(again!.headers.get("Content-Type")).toBe("image/png");
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
