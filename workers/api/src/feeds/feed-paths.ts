// Where the Atom feeds live and which one a page links in its head (ADR 018): a category
// page its category's, an outlet's page its outlet's, every other page Latest's. Used by the feed routes and the page composer.
import { type CategorySlug, isCategorySlug } from "@unbiased/worker-shared/contracts/articles";
import { outletDomain, outletFeedPath } from "@unbiased/worker-shared/contracts/outlets";
import { outletPath } from "@unbiased/worker-shared/contracts/paths";

export const SITE_NAME = "Unbiased 24/7";
export const LATEST_FEED_PATH = "/feed.xml";

export const categoryFeedPath = (slug: CategorySlug) =>
  slug === "latest" ? LATEST_FEED_PATH : `/category/${slug}/feed.xml`;

export interface FeedRef {
  path: string;
  title: string;
  /** The page the feed follows. */
  pagePath: string;
}

/** A category's label: its slug capitalised, as the categories' seed rows (migration 0001) have it. */
export const categoryLabel = (slug: string) => (slug[0]?.toUpperCase() ?? "") + slug.slice(1);

export function feedRef(slug: CategorySlug): FeedRef {
  return slug === "latest"
    ? { path: LATEST_FEED_PATH, title: `${SITE_NAME} — Latest News`, pagePath: "/" }
    : { path: categoryFeedPath(slug), title: `${SITE_NAME} — ${categoryLabel(slug)}`, pagePath: `/category/${slug}` };
}

/** An outlet's feed (`domain` in its one written form). */
export function outletFeedRef(domain: string): FeedRef {
  return { path: outletFeedPath(domain), title: `${SITE_NAME} — ${domain}`, pagePath: outletPath(domain) };
}

const CATEGORY_PAGE = /^\/(?:news\/)?category\/([^/]+)\/?$/;
const OUTLET_PAGE = /^\/source\/([^/]+)\/?$/;

/** The feed a page links: its category's on a category page, its outlet's on an outlet's, Latest's on every other. */
export function feedForPage(pathname: string): FeedRef {
  const outlet = OUTLET_PAGE.exec(pathname)?.[1];
  const domain = outlet === undefined ? null : outletDomain(outlet);
  if (domain !== null) return outletFeedRef(domain);
  const slug = CATEGORY_PAGE.exec(pathname)?.[1];
  return feedRef(slug && isCategorySlug(slug) ? slug : "latest");
}
