// The picture behind the gateway's image proxy: only the article's stored URL is fetched, through the
// outbound guard, and only a raster image recognised by its bytes is passed on; anything else falls
// back to the category's generated picture (the gateway's side is tested in workers/api).
import { env } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import { ingestConfig } from "../src/config.ts";
import { articleImage } from "../src/images/article-image.ts";
import { DNS_RESOLVER, FIXTURES_ORIGIN } from "./support/origins.ts";

const config = ingestConfig({ ...env, DNS_RESOLVER_URL: DNS_RESOLVER });

async function imageOf(thumbnailUrl: string | null) {
  const { id } = await insertArticle(env.DB, { thumbnailUrl, categories: ["science"] });
  return articleImage(env.DB, config, id);
}

describe("articleImage", () => {
  it.each([
    ["photo.jpg", "image/jpeg"],
    ["photo.png", "image/png"],
    ["photo.webp", "image/webp"],
  ])("passes on %s as %s, byte for byte", async (file, contentType) => {
    const outcome = await imageOf(`${FIXTURES_ORIGIN}/images/${file}`);
    expect(outcome.kind).toBe("image");
    if (outcome.kind !== "image") return;
    expect(outcome.contentType).toBe(contentType);
    const original = await fetch(`${FIXTURES_ORIGIN}/images/${file}`).then((r) => r.arrayBuffer());
    expect(outcome.bytes).toEqual(new Uint8Array(original));
  });

  it("follows a redirect to the picture, checking the hop", async () => {
    const outcome = await imageOf(`${FIXTURES_ORIGIN}/redirect-to-name/fixtures.example`);
    // The redirect leads to an HTML page: fetched through the guard, then refused by its bytes.
    expect(outcome).toMatchObject({ kind: "fallback", category: "science" });
  });

  it.each([
    ["an SVG (it can carry script)", `${FIXTURES_ORIGIN}/images/drawing.svg`, /is not a JPEG/],
    ["an HTML page labelled image/jpeg", `${FIXTURES_ORIGIN}/images/error-page.jpg`, /is not a JPEG/],
    ["a picture past the size cap", `${FIXTURES_ORIGIN}/images/declared-huge.jpg`, /larger than 5242880 bytes/],
    ["a missing picture", `${FIXTURES_ORIGIN}/images/gone.jpg`, /HTTP 404/],
    ["a redirect into a private address", `${FIXTURES_ORIGIN}/redirect-to-loopback`, /private or local network/],
    ["a name resolving to a private address", "https://loopback.example/photo.jpg", /private or local network/],
    ["a loopback literal", "http://127.0.0.1:9/photo.jpg", /private or local network/],
  ])("falls back to the category's picture for %s", async (_, url, reason) => {
    const outcome = await imageOf(url);
    expect(outcome).toMatchObject({ kind: "fallback", category: "science" });
    if (outcome.kind === "fallback") expect(outcome.reason).toMatch(reason);
  });

  it("falls back when the article has no remote picture, and says not-found for an unknown article", async () => {
    expect(await imageOf("/api/images/category/science.svg")).toMatchObject({ kind: "fallback" });
    expect(await imageOf(null)).toMatchObject({ kind: "fallback" });
    expect(await articleImage(env.DB, config, "no-such-article")).toEqual({ kind: "not-found" });
  });
});
