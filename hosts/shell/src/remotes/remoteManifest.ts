// /mf-remotes.json is written at deploy time (scripts/build-web.mjs) and never cached, so a
// redeployed remote is picked up on the next page load without touching the shell's files.
export type RemoteName = "reader" | "modme";

export interface RemoteManifestEntry {
  name: string;
  /** Path or URL of the remote's remoteEntry.js, with a ?v=<content hash> cache key. */
  entry: string;
}

export const REMOTE_MANIFEST_PATH = "/mf-remotes.json";

export async function fetchRemoteManifest(): Promise<RemoteManifestEntry[]> {
  const response = await fetch(REMOTE_MANIFEST_PATH, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${REMOTE_MANIFEST_PATH} answered HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body) || !body.every(isManifestEntry)) {
    throw new Error(`${REMOTE_MANIFEST_PATH} is not a list of {name, entry}`);
  }
  return body;
}

function isManifestEntry(value: unknown): value is RemoteManifestEntry {
  if (typeof value !== "object" || value === null) return false;
  const { name, entry } = value as Record<string, unknown>;
  return typeof name === "string" && typeof entry === "string";
}
