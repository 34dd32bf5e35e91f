// Which version of a remote the browser loads comes from that remote, never from the shell's build:
// on a page the gateway composed, its head names the entry (<meta name="remote-entry:reader"> from the
// reader's fragment; on a /modme/* page, ModMe's from its manifest, read by the gateway), so no extra
// request sits on the critical path; anywhere else the remote's own Worker answers its manifest
// (never cached), so a remote deploys without the shell.
import {
  type RemoteManifest,
  type RemoteName,
  remoteEntryMeta,
  remoteManifestPath,
} from "@unbiased/worker-shared/contracts/page";

/** The entry named in the page's head for `name`, if the gateway named one. */
export function entryInHead(name: RemoteName, doc: Document = document): string | null {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${remoteEntryMeta(name)}"]`);
  return meta?.content || null;
}

export async function fetchRemoteManifest(name: RemoteName): Promise<Pick<RemoteManifest, "name" | "entry">> {
  const path = remoteManifestPath(name);
  const response = await fetch(path, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${path} answered HTTP ${response.status}`);
  const body = (await response.json()) as Partial<RemoteManifest>;
  if (body.name !== name || typeof body.entry !== "string") throw new Error(`${path} is not ${name}'s manifest`);
  return { name, entry: body.entry };
}

/** The entry URL to load: the head's on the first load; the manifest's on a retry (it may have been redeployed). */
export async function remoteEntry(name: RemoteName, attempt: number): Promise<string> {
  const inHead = attempt === 0 ? entryInHead(name) : null;
  return inHead ?? (await fetchRemoteManifest(name)).entry;
}
