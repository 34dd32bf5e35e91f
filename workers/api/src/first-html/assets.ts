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

/**
 * A rendered page reads before any script runs, so its scripts only make it interactive. Their
 * tags are made inert here (a script of an unknown type is never fetched, a link of an unknown rel
 * is ignored) and the shell's inline start-app.js turns them back on after the first paint: on a
 * slow phone link the story and its image then arrive before 150 KB of JavaScript rather than
 * sharing the connection with it. Pages the server does not render keep the shell's tags as they
 * are, since their content needs the scripts.
 */
export function startScriptsAfterPaint(html: string): string {
  // The page's own text cannot match: React and the inline JSON escape every "<" in it.
  return html
    .replace(
      /<script type="module"((?: crossorigin)?) src=/g,
      '<script type="text/plain" data-start-after-paint$1 src=',
    )
    .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload-after-paint"');
}

/** Stylesheets up to this size are inlined; a larger one stays a link (it would bloat every page). */
const INLINE_CSS_MAX_BYTES = 24 * 1024;
/** CSS read from the static assets, per isolate: file names carry a content hash, so they never change. */
const cssCache = new Map<string, string | null>();

/**
 * Replaces the head's same-origin stylesheet links with the CSS itself: on a slow connection each
 * render-blocking stylesheet costs a round trip before the first paint. The CSS has no relative
 * url()s (checked here: one that has stays a link), and the CSP allows inline styles. The remote
 * still adds its own <link> later; the same rules twice change nothing.
 */
export async function inlineStylesheets(html: string, assets: Fetcher, origin: string): Promise<string> {
  const head = html.slice(0, html.indexOf("</head>"));
  const links = [...head.matchAll(/<link rel="stylesheet"(?: crossorigin)? href="(\/[^"]+\.css)">/g)];
  let result = html;
  for (const [tag, href] of links) {
    const css = await readCss(assets, origin, href as string);
    if (css !== null)
      result = result.replace(tag, () => `<style data-href="${escapeAttribute(href as string)}">${css}</style>`);
  }
  return result;
}

async function readCss(assets: Fetcher, origin: string, href: string): Promise<string | null> {
  if (cssCache.has(href)) return cssCache.get(href) ?? null;
  const response = await assets.fetch(new URL(href, origin));
  const text = response.ok ? await response.text() : null;
  const usable = text !== null && text.length <= INLINE_CSS_MAX_BYTES && !/url\(|<\/style/i.test(text) ? text : null;
  cssCache.set(href, usable);
  return usable;
}
