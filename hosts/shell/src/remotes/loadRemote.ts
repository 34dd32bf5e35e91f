// Loads a remote's `./mount` through Module Federation on first use. Registration is per remote and
// lazy, so a reader who never opens /modme never requests a ModMe file.
import { loadRemote as loadFederated, registerRemotes } from "@module-federation/runtime";
import type { RemoteName } from "@unbiased/worker-shared/contracts/page";
import { remoteEntry } from "./remoteEntry.ts";

/** What every remote exposes as `./mount`: it renders itself into the element (its own React root). */
export interface RemoteModule {
  /** `hydrate`: the element holds the remote's own server rendering, made with this page's shared code. */
  mount(element: HTMLElement, options: { hydrate: boolean }): () => void;
}

const registered = new Map<RemoteName, string>();

/**
 * `attempt` > 0 marks a retry: the entry is asked of the remote again, with an extra query key,
 * because browsers may remember a failed module URL.
 */
export async function loadRemote(name: RemoteName, attempt: number): Promise<RemoteModule> {
  const entry = new URL(await remoteEntry(name, attempt), window.location.origin);
  if (attempt > 0) entry.searchParams.set("attempt", String(attempt));
  if (registered.get(name) !== entry.href) {
    registerRemotes([{ name, entry: entry.href, type: "module" }], { force: true });
    registered.set(name, entry.href);
  }
  const exposed = await loadFederated<RemoteModule>(`${name}/mount`);
  if (typeof exposed?.mount !== "function") throw new Error(`Remote "${name}" did not provide ./mount`);
  return exposed;
}
