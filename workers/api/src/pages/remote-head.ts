// The head tags of a remote the browser renders on its own (ModMe: never rendered on the server).
// Without them the page finds the remote one request at a time once the shell runs: its manifest,
// then its entry, then the entry's runtime, its shared-import map and the exposed module. The
// remote's own Worker names them in its manifest (built with its files, so they always match); here
// they become the entry's <meta> (the shell then skips the manifest) and module preloads. The gateway
// holds no remote code: a remote redeploys without it.
import {
  type RemoteManifest,
  type RemoteName,
  remoteBase,
  remoteEntryMeta,
  remoteManifestPath,
} from "@unbiased/worker-shared/contracts/page";
import { escapeAttribute } from "./html-escape.ts";

/** A static file from the remote's Worker: the page never waits longer than this for it. */
const MANIFEST_WAIT_MS = 500;

/** The manifest, if the remote's Worker answers a well-formed one in time, whose paths are all its own. */
async function readManifest(remote: Fetcher, origin: string, name: RemoteName): Promise<RemoteManifest | null> {
  try {
    const response = await remote.fetch(new URL(remoteManifestPath(name), origin), {
      signal: AbortSignal.timeout(MANIFEST_WAIT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<RemoteManifest>;
    if (body.name !== name || !Array.isArray(body.modulePreloads)) return null;
    const paths: unknown[] = [body.entry, ...body.modulePreloads];
    const own = paths.every((path) => typeof path === "string" && path.startsWith(remoteBase(name)));
    return own ? (body as RemoteManifest) : null;
  } catch {
    // No tags: the shell asks for the manifest itself, as on any page without them.
    return null;
  }
}

/**
 * The remote's entry as a <meta>, and its first mount's modules as preloads that start once the page
 * has painted (start-app.js turns them on, as on a page whose content is in the HTML): requested by
 * the head itself, they counted against the first paint on a slow link (Lighthouse put it at 2.1 s
 * instead of 0.9 s in half its runs). "" when the manifest is not to be had.
 */
export async function remoteHeadTags(remote: Fetcher, origin: string, name: RemoteName): Promise<string> {
  const manifest = await readManifest(remote, origin, name);
  if (!manifest) return "";
  return [
    `<meta name="${remoteEntryMeta(name)}" content="${escapeAttribute(manifest.entry)}">`,
    ...[manifest.entry, ...manifest.modulePreloads].map(
      (href) => `<link rel="modulepreload-after-paint" crossorigin href="${escapeAttribute(href)}">`,
    ),
  ].join("");
}
