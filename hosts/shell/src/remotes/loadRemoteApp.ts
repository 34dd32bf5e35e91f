// Loads a remote's exposed `./App` on first use. Registration is per remote and lazy, so a
// reader who never opens /modme never requests a ModMe file.

import { loadRemote, registerRemotes } from "@module-federation/runtime";
import type { ComponentType } from "react";
import { fetchRemoteManifest, type RemoteManifestEntry, type RemoteName } from "./remoteManifest.ts";

let manifest: Promise<RemoteManifestEntry[]> | null = null;
const registeredEntries = new Map<RemoteName, string>();

/**
 * `attempt` > 0 marks a retry: the manifest is read again (it may have been redeployed) and the
 * entry URL gets an extra query key, because browsers may remember a failed module URL.
 */
export async function loadRemoteApp(name: RemoteName, attempt: number): Promise<ComponentType> {
  try {
    manifest ??= fetchRemoteManifest();
    const entries = await manifest;
    const listed = entries.find((entry) => entry.name === name);
    if (!listed) throw new Error(`The remote manifest has no "${name}" entry`);

    const entryUrl = new URL(listed.entry, window.location.origin);
    if (attempt > 0) entryUrl.searchParams.set("attempt", String(attempt));
    if (registeredEntries.get(name) !== entryUrl.href) {
      registerRemotes([{ name, entry: entryUrl.href, type: "module" }], { force: true });
      registeredEntries.set(name, entryUrl.href);
    }

    const exposed = await loadRemote<{ default?: ComponentType }>(`${name}/App`);
    if (!exposed?.default) throw new Error(`Remote "${name}" did not provide ./App`);
    return exposed.default;
  } catch (error) {
    manifest = null;
    throw error;
  }
}
