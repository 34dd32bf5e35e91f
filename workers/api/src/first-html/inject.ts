// Puts the rendered page and its data into the shell's index.html.

/** The element the shell's index.html mounts the app on. */
const ROOT = '<div id="root"></div>';
export const FIRST_PAGE_DATA_ID = "first-page-data";

/** JSON inside a <script> element: "</script>" and HTML comments must not end or open anything. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * `renderedMinute`: the minute (epoch ms) the page was rendered in; the browser renders times from
 * it while it hydrates (hosts/shared/src/firstHtml.ts), so "12 min ago" matches the server's.
 */
export function injectFirstPage(
  shellHtml: string,
  pageHtml: string,
  data: Record<string, unknown>,
  renderedMinute: number,
  headLinks = "",
): string | null {
  if (!shellHtml.includes(ROOT) || !shellHtml.includes("</head>")) return null;
  const inline = `<script type="application/json" id="${FIRST_PAGE_DATA_ID}">${scriptSafeJson(data)}</script>`;
  // A function, so that "$&" and the like in an article's text are not read as replacement patterns.
  return shellHtml
    .replace("</head>", () => `${headLinks}</head>`)
    .replace(ROOT, () => `<div id="root" data-first-html="${renderedMinute}">${pageHtml}</div>${inline}`);
}
