// Turns a read page into an article row: summary, categories, location, image and entities.

import type { ArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import { outletDomain } from "@unbiased/worker-shared/contracts/outlets";
import { classifyCategories } from "@unbiased/worker-shared/nlp/classify";
import { locate } from "@unbiased/worker-shared/nlp/locate";
import type { IngestConfig } from "../config.ts";
import { findEntities } from "../events/entities.ts";
import { chooseImage } from "../images/choose-image.ts";
import { articleIdFor, type NewArticle } from "../storage/articles.ts";
import type { ReadArticle } from "./read-article.ts";
import { summaryColumns } from "./summary-fields.ts";

/** Stored text is capped: enough to regenerate any summary, bounded well below D1's row size limit. */
const MAX_BODY_CHARACTERS = 100_000;

export interface ArticleContext {
  sourceId: string | null;
  sourceName: string | null;
  feedCategories: string[];
  /** The feed's publication time (epoch seconds), preferred over the page's own. */
  feedPublishedAt: number | null;
}

export interface BuiltArticle {
  row: NewArticle;
  categories: ArticleCategory[];
}

/**
 * The article's outlet, in the form its outlet page is addressed by (outletDomain); a host that form
 * cannot hold (an IPv6 address, a single label) is kept as the URL gives it, without "www.".
 */
export function domainOf(url: string): string {
  const host = new URL(url).hostname;
  return outletDomain(host) ?? host.replace(/^www\./, "");
}

export async function buildArticle(
  read: ReadArticle,
  context: ArticleContext,
  config: IngestConfig,
  now = Date.now(),
): Promise<BuiltArticle> {
  const { page, canonicalUrl } = read;
  const domain = domainOf(canonicalUrl);
  const title = page.title ?? domain;
  const body = (page.text || page.description || "").slice(0, MAX_BODY_CHARACTERS);
  if (!/[\p{L}\p{N}]/u.test(body)) throw new Error(`No readable text at ${canonicalUrl}`);
  const nowSeconds = Math.floor(now / 1000);
  // A publication time in the future is a clock or feed error; the article is new now.
  const sourcedTime = Math.min(context.feedPublishedAt ?? page.publishedAt ?? nowSeconds, nowSeconds);

  const summary = await config.summarizer.summarize({ title, body, publishedAt: sourcedTime });
  const categories = classifyCategories({ title, body, feedCategories: context.feedCategories });
  const place = locate(body, { title });
  const sourceName = page.siteName ?? context.sourceName ?? domain;
  const image = await chooseImage({
    pageImageUrl: page.imageUrl,
    credit: sourceName,
    category: categories[0] ?? "world",
    query: title,
    stockApiKey: config.stockApiKey,
  });

  return {
    categories,
    row: {
      id: await articleIdFor(canonicalUrl),
      url: canonicalUrl,
      title,
      domain,
      sourceId: context.sourceId,
      sourceName,
      author: page.author,
      thumbnailUrl: image.url,
      imageAttribution: image.attribution,
      sourcedTime,
      ...place,
      ...summaryColumns(summary),
      body,
      entities: JSON.stringify(findEntities(title, body)),
      createdAt: now,
      updatedAt: now,
    },
  };
}
