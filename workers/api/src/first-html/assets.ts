// The reader's CSS and JavaScript that a server-rendered page's first screen needs, as listed by the
// web build in first-html-assets.json (scripts/build-web.mjs), turned into <head> links.
import type { PageKind } from "@unbiased/first-html";

type FirstHtmlAssets = Record<PageKind, { css: string[]; js: string[] }>;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** Reads the list from the static assets (a missing or unreadable list: no links, nothing breaks). */
export async function readFirstHtmlAssets(assets: Fetcher, origin: string): Promise<FirstHtmlAssets | null> {
  const response = await assets.fetch(new URL("/first-html-assets.json", origin));
  if (!response.ok) return null;
  try {
    return (await response.json()) as FirstHtmlAssets;
  } catch {
    return null;
  }
}

/**
 * Stylesheets first (the server's markup is styled from the first paint, so nothing moves when the
 * remote would have injected them), then module preloads (fetched in parallel with the shell's own).
 */
export function headLinks(assets: FirstHtmlAssets | null, kind: PageKind): string {
  const page = assets?.[kind];
  if (!page) return "";
  return [
    ...page.css.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`),
    ...page.js.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
  ].join("");
}
