// ModMe's part of a page's first HTML: the page's frame (its heading and the guard's loading line),
// asked of ModMe's own Worker, which owns the words (docs/decisions/024-modme-first-html.md). Without
// it the main column stays empty until ModMe's code has loaded and the session is checked, so a staff
// member's first paint is a header and a footer, and the footer jumps when ModMe renders. Like the
// manifest, it is a part the page can go without: slow, failing or odd, it costs only the frame.
import { modmeFirstHtmlPath } from "@unbiased/worker-shared/contracts/page";
import { pageSlowPart } from "./deadline.ts";
import { MANIFEST_TIMEOUT_MS } from "./remote-head.ts";

/** A frame is a heading and two lines; anything longer is not one. */
const MAX_FRAME_BYTES = 8 * 1024;

async function fetchFrame(modme: Fetcher, origin: string, pathname: string): Promise<string> {
  const url = new URL(modmeFirstHtmlPath(), origin);
  url.searchParams.set("path", pathname);
  const response = await modme.fetch(url);
  // A path no ModMe page has: ModMe's router shows its "not found" once it runs.
  if (response.status === 404) return "";
  if (!response.ok) throw new Error(`first HTML answered HTTP ${response.status}`);
  if (!response.headers.get("Content-Type")?.startsWith("text/html")) throw new Error("first HTML is not HTML");
  const html = await response.text();
  if (html.length > MAX_FRAME_BYTES) throw new Error(`first HTML of ${html.length} bytes`);
  return html;
}

/** The frame's HTML for the remote's element, or "" (logged) when it is not to be had in time. */
export async function modmeFrame(
  modme: Fetcher,
  origin: string,
  pathname: string,
  context: { requestId: string },
  timeoutMs = MANIFEST_TIMEOUT_MS,
): Promise<string> {
  const outcome = await pageSlowPart(fetchFrame(modme, origin, pathname), timeoutMs, {
    level: "warn",
    msg: "modme first HTML unavailable, page sent without its frame",
    requestId: context.requestId,
  });
  return outcome.ok ? outcome.value : "";
}
