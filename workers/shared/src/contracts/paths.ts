// Page addresses shared by the workers and every app (zod-free), so a link built in one place opens
// the same page everywhere: in a remote, in the shell, or in HTML the gateway renders.

/**
 * Spec §2: the lowercased title with non-alphanumerics removed and spaces turned to hyphens.
 * Runs of spaces collapse to one hyphen so the slug never holds "--".
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, "")
    .trim()
    .replace(/\s+/g, "-");
}

/** A title with no Latin letters or digits would give an empty slug and a broken path. */
const FALLBACK_SLUG = "article";

export function articlePath(article: { id: string; title: string }): string {
  return `/article/${slugify(article.title) || FALLBACK_SLUG}/${encodeURIComponent(article.id)}`;
}

export function searchPath(query: string): string {
  return `/search?q=${encodeURIComponent(query)}`;
}

/** An outlet's page (its articles, newest first); `domain` in the form outletDomain gives (outlets.ts). */
export function outletPath(domain: string): string {
  return `/source/${domain}`;
}
