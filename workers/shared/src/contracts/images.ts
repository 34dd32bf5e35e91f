// Article images as the product serves them. A publisher's or the stock service's picture is stored
// as its own URL, but pages show it through the gateway (/api/images/article/{id}): a page then loads
// images from its own origin only (CSP img-src 'self'), and readers' browsers never call publishers.
import { fnv1a32 } from "../hash/fnv1a.ts";
import type { ArticleCategory } from "./articles.ts";

/** Where the product's generated per-category image lives (used when a page has no image of its own). */
export const categoryImagePath = (category: ArticleCategory) => `/api/images/category/${category}.svg`;

/**
 * The proxied address of an article's stored image. `v` names the stored URL, so a regenerated image
 * gets a new address and caches never serve the old picture for it.
 */
export const articleImagePath = (articleId: string, sourceUrl: string) =>
  `/api/images/article/${encodeURIComponent(articleId)}?v=${fnv1a32(sourceUrl).toString(36)}`;

const isRemote = (url: string) => /^https?:\/\//i.test(url);

/** The image URL a page shows for a stored one: remote pictures through the proxy, the product's own as they are. */
export function servedImageUrl(articleId: string, storedUrl: string | null): string | null {
  if (!storedUrl) return null;
  return isRemote(storedUrl) ? articleImagePath(articleId, storedUrl) : storedUrl;
}

/** The raster formats the proxy passes on. SVG is not one: a publisher's SVG can carry script. */
export const PROXIED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"] as const;
export type ProxiedImageType = (typeof PROXIED_IMAGE_TYPES)[number];

/** The largest picture the proxy fetches (publishers' og:images are rarely past 1 MB). */
export const MAX_PROXIED_IMAGE_BYTES = 5 * 1024 * 1024;

/** What the ingest worker's articleImage call returns over the service binding. */
export type ArticleImageOutcome =
  | { kind: "image"; contentType: ProxiedImageType; bytes: Uint8Array }
  /** The stored picture could not be fetched or is not an image: the page shows the category's instead. */
  | { kind: "fallback"; category: ArticleCategory; reason: string }
  | { kind: "not-found" };
