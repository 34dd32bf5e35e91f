// The head a page's reader fragment needs, from the list the web build wrote beside the server
// renderer (the same build as the client files): the reader's CSS — inlined when small, so no
// stylesheet round trip blocks the first paint — its Module Federation entry, and the page's chunks
// as module preloads, fetched in parallel with the shell's own scripts.
import clientAssets from "@unbiased/reader-client-assets";
import type { FragmentHead } from "@unbiased/worker-shared/contracts/page";

/** Stylesheets up to this size are inlined; a larger one stays a link (it would bloat every page). */
const INLINE_CSS_MAX_BYTES = 24 * 1024;
/** CSS read from this Worker's own files, per isolate: names carry a content hash, so they never change. */
const cssCache = new Map<string, string | null>();

async function readCss(assets: Fetcher, href: string): Promise<string | null> {
  if (cssCache.has(href)) return cssCache.get(href) ?? null;
  const response = await assets.fetch(new Request(new URL(href, "https://assets.local")));
  const text = response.ok ? await response.text() : null;
  // A relative url() or a "</style" would break once inlined: such a file stays a link.
  const usable = text !== null && text.length <= INLINE_CSS_MAX_BYTES && !/url\(|<\/style/i.test(text) ? text : null;
  cssCache.set(href, usable);
  return usable;
}

export async function fragmentHead(kind: string | null, assets: Fetcher): Promise<FragmentHead> {
  const page = (kind && clientAssets.pages[kind]) || clientAssets.common;
  const stylesheets = await Promise.all(page.css.map(async (href) => ({ href, css: await readCss(assets, href) })));
  return { stylesheets, entry: clientAssets.entry, modulePreloads: page.js };
}
