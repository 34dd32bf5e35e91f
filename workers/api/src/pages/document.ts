// The shell's built index.html (the gateway's static assets), cut at the places a composed page fills
// in (docs/decisions/016-fragments.md): the head's end, the shell's top, the remote's element and the
// shell's bottom. Parsed once per version of the file.
import { EARLY_INPUT, PAGE_ELEMENTS } from "@unbiased/worker-shared/contracts/page";
import { inlinableCss, inlinedStylesheet } from "./inline-css.ts";
import { withNonceSlots } from "./security.ts";

export interface ShellDocument {
  /** Up to (not including) </head>. */
  head: string;
  /** From </head> to the inside of the top element. */
  toTop: string;
  /** From the end of the top element to where the remote's element opens. */
  toRemote: string;
  /** From the end of the remote's element to the inside of the bottom element. */
  toBottom: string;
  /** From the end of the bottom element to the end of the document. */
  end: string;
}

// Each part is a React root of its own, marked for the early-input script (EARLY_INPUT.root).
const TOP_OPEN = `<div id="${PAGE_ELEMENTS.top}" class="site-part" ${EARLY_INPUT.root}>`;
const REMOTE_EMPTY = `<div id="${PAGE_ELEMENTS.remote}" ${EARLY_INPUT.root}></div>`;
const BOTTOM_OPEN = `<div id="${PAGE_ELEMENTS.bottom}" class="site-part" ${EARLY_INPUT.root}>`;
const CLOSE = "</div>";

/** Cuts the document; null when it is not the shell's (an old build, or none yet). */
export function parseShellDocument(html: string): ShellDocument | null {
  const headEnd = html.indexOf("</head>");
  const top = html.indexOf(TOP_OPEN);
  const remote = html.indexOf(REMOTE_EMPTY);
  const bottom = html.indexOf(BOTTOM_OPEN);
  if (headEnd < 0 || top < headEnd || remote < top || bottom < remote) return null;
  const topInside = top + TOP_OPEN.length;
  const bottomInside = bottom + BOTTOM_OPEN.length;
  // The shell's built parts are empty: each element closes right where it opens.
  if (!html.startsWith(CLOSE, topInside) || !html.startsWith(CLOSE, bottomInside)) return null;
  return {
    head: html.slice(0, headEnd),
    toTop: html.slice(headEnd, topInside),
    toRemote: html.slice(topInside, remote),
    toBottom: html.slice(remote + REMOTE_EMPTY.length, bottomInside),
    end: html.slice(bottomInside),
  };
}

/**
 * The head with its same-origin stylesheet links replaced by the CSS itself (a `<style>`, given the
 * page's nonce with the head's other inline tags); a file that cannot be inlined stays a link.
 */
export async function inlineHeadStylesheets(head: string, assets: Fetcher, origin: string): Promise<string> {
  let result = head;
  for (const [tag, href] of head.matchAll(/<link rel="stylesheet"(?: crossorigin)? href="(\/[^"]+\.css)">/g)) {
    const css = await inlinableCss(assets, href as string, origin);
    if (css !== null) result = result.replace(tag, () => inlinedStylesheet(href as string, css));
  }
  return result;
}

let cached: { html: string; document: ShellDocument | null } | null = null;

/** The shell's document from the static assets (re-read each time: a local binding, and a new shell shows at once). */
export async function readShellDocument(assets: Fetcher, origin: string): Promise<ShellDocument | null> {
  const response = await assets.fetch(new URL("/index.html", origin));
  if (!response.ok) return null;
  const html = await response.text();
  if (cached?.html !== html) {
    const document = parseShellDocument(html);
    if (document) document.head = await withNonceSlots(await inlineHeadStylesheets(document.head, assets, origin));
    cached = { html, document };
  }
  return cached.document;
}
