// The picture behind the gateway's image proxy (GET /api/images/article/{id}). Only an article's stored
// image URL is ever fetched, never a URL from the request, through the same guard as the pipeline's
// fetches (public hosts only, every redirect checked, a deadline, a size cap), and only a raster image
// recognised by its bytes is passed on. Anything else falls back to the category's generated picture.
import { isArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import {
  type ArticleImageOutcome,
  MAX_PROXIED_IMAGE_BYTES,
  PROXIED_IMAGE_TYPES,
} from "@unbiased/worker-shared/contracts/images";
import { createDb } from "@unbiased/worker-shared/db/client";
import type { IngestConfig } from "../config.ts";
import { safeFetchBytes } from "../fetch/safe-fetch.ts";
import { getArticleImage } from "../storage/articles.ts";
import { sniffImageType } from "./sniff-image.ts";

const IMAGE_TIMEOUT_MS = 8_000;

export async function articleImage(
  db: D1Database,
  config: Pick<IngestConfig, "allowedOrigins" | "dnsResolver">,
  articleId: string,
): Promise<ArticleImageOutcome> {
  const article = await getArticleImage(createDb(db), articleId);
  if (!article) return { kind: "not-found" };
  const category = (article.categoryList ?? "").split(",").find(isArticleCategory) ?? "world";
  // Pages never ask for an article whose picture is the product's own: only a hand-made request does.
  if (!article.thumbnailUrl || !/^https?:\/\//i.test(article.thumbnailUrl))
    return { kind: "fallback", category, reason: "no remote image stored" };
  const fallback = (reason: string): ArticleImageOutcome => {
    console.warn(`article image ${articleId}: ${reason}`);
    return { kind: "fallback", category, reason };
  };
  try {
    const fetched = await safeFetchBytes(article.thumbnailUrl, {
      accept: `${PROXIED_IMAGE_TYPES.join(",")};q=0.9,*/*;q=0.1`,
      allowedOrigins: config.allowedOrigins,
      dnsResolver: config.dnsResolver,
      maxBytes: MAX_PROXIED_IMAGE_BYTES,
      timeoutMs: IMAGE_TIMEOUT_MS,
    });
    const contentType = sniffImageType(fetched.bytes);
    if (!contentType) return fallback(`${fetched.url} is not a JPEG, PNG, GIF, WebP or AVIF image`);
    return { kind: "image", contentType, bytes: fetched.bytes };
  } catch (err) {
    return fallback(
      `${article.thumbnailUrl} could not be fetched: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
