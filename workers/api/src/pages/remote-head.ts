// The head tags of a remote the browser renders on its own (ModMe: never rendered on the server).
// Without them the page finds the remote one request at a time once the shell runs: its manifest,
// then its entry, then the entry's runtime, its shared-import map and the exposed module. The
// remote's own Worker names them in its manifest (built with its files, so they always match); here
// they become the entry's <meta> (the shell then skips the manifest), module preloads and the first
// mount's CSS, inline (so the remote's frame in the first HTML is styled as the remote will). The gateway
// holds no remote code: a remote redeploys without it. A manifest that fails, is malformed or takes
// longer than MANIFEST_TIMEOUT_MS costs the page these tags only: the shell then asks for it itself.
import {
  type RemoteManifest,
  type RemoteName,
  remoteBase,
  remoteEntryMeta,
  remoteManifestPath,
} from "@unbiased/worker-shared/contracts/page";
import { pageSlowPart } from "./deadline.ts";
import { escapeAttribute } from "./html-escape.ts";
import { sharedModulePreloads } from "./import-map.ts";
import { inlinableCss, inlinedStylesheet } from "./inline-css.ts";

/** How long a page waits for the remote's manifest (a static file of its Worker) before it goes without. */
export const MANIFEST_TIMEOUT_MS = 300;

/** A path of the remote's own files on this origin, as the browser would resolve it (no `..`, no other host). */
function isOwnPath(path: unknown, origin: string, name: RemoteName): path is string {
  if (typeof path !== "string" || !path.startsWith(remoteBase(name))) return false;
  const resolved = new URL(path, origin);
  return resolved.origin === origin && resolved.pathname + resolved.search === path;
}

/** The manifest, and the CSS of each stylesheet it names (null: too large to inline, kept a link). */
type ManifestAndCss = { manifest: RemoteManifest; stylesheets: { href: string; css: string | null }[] };

async function fetchManifest(remote: Fetcher, origin: string, name: RemoteName): Promise<ManifestAndCss> {
  const response = await remote.fetch(new URL(remoteManifestPath(name), origin));
  if (!response.ok) throw new Error(`manifest answered HTTP ${response.status}`);
  const body = (await response.json()) as Partial<RemoteManifest>;
  if (body.name !== name || !Array.isArray(body.modulePreloads)) throw new Error("not this remote's manifest");
  const sheets: unknown[] = Array.isArray(body.stylesheets) ? body.stylesheets : [];
  const paths: unknown[] = [body.entry, ...body.modulePreloads, ...sheets];
  if (!paths.every((path) => isOwnPath(path, origin, name))) throw new Error("names a file outside the remote");
  const stylesheets = await Promise.all(
    (sheets as string[]).map(async (href) => ({ href, css: await inlinableCss(remote, href, origin) })),
  );
  return { manifest: body as RemoteManifest, stylesheets };
}

async function readManifest(
  remote: Fetcher,
  origin: string,
  name: RemoteName,
  context: { requestId: string },
  timeoutMs: number,
): Promise<ManifestAndCss | null> {
  const outcome = await pageSlowPart(fetchManifest(remote, origin, name), timeoutMs, {
    level: "warn",
    msg: `${name} manifest unavailable, page sent without its head tags`,
    requestId: context.requestId,
  });
  return outcome.ok ? outcome.value : null;
}

/**
 * The remote's entry as a <meta>, and its first mount's modules as preloads that start once the page
 * has painted (start-app.js turns them on, as on a page whose content is in the HTML): requested by
 * the head itself, they counted against the first paint on a slow link (Lighthouse put it at 2.1 s
 * instead of 0.9 s in half its runs). With the shell page's head (`shellHead`), the shared modules
 * the first mount imports that the shell does not preload itself (ModMe's web-shared admin module)
 * are preloaded too. "" when the manifest is not to be had.
 */
export async function remoteHeadTags(
  remote: Fetcher,
  origin: string,
  name: RemoteName,
  context: { requestId: string; shellHead?: Promise<string>; nonce?: string },
  timeoutMs = MANIFEST_TIMEOUT_MS,
): Promise<string> {
  const read = await readManifest(remote, origin, name, context, timeoutMs);
  if (!read) return "";
  const { manifest } = read;
  const shared = Array.isArray(manifest.sharedImports)
    ? sharedModulePreloads(
        (await context.shellHead) ?? "",
        manifest.sharedImports.filter((s) => typeof s === "string"),
      )
    : "";
  return [
    // The first mount's CSS, inline with the page's nonce (a link when too large): the remote's frame
    // is styled from the first paint, not moved when the remote's code brings its stylesheet.
    ...read.stylesheets.map(({ href, css }) =>
      css === null
        ? `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`
        : inlinedStylesheet(href, css, context.nonce),
    ),
    `<meta name="${remoteEntryMeta(name)}" content="${escapeAttribute(manifest.entry)}">`,
    ...[manifest.entry, ...manifest.modulePreloads].map(
      (href) => `<link rel="modulepreload-after-paint" crossorigin href="${escapeAttribute(href)}">`,
    ),
    shared,
  ].join("");
}
