// Loads a remote's entry module on first use, with the browser's own import(), and through it the
// remote's mount module. The remote's modules import react, react-dom and @unbiased/web-shared by
// bare name, and the page's import map (emitted by the shell's build) points those at the shell's
// copies: no federation runtime runs (ADR 023). A reader who never opens /modme never requests a
// ModMe file.
import type { RemoteName } from "@unbiased/worker-shared/contracts/page";
import { remoteEntry } from "./remoteEntry.ts";

/** What every remote's entry module exports: the loader of its mount module. */
interface RemoteEntry {
  loadMount(): Promise<Partial<RemoteModule>>;
}

/** What every remote's mount module exports: it renders itself into the element (its own React root). */
export interface RemoteModule {
  /** `hydrate`: the element holds the remote's own server rendering, made with this page's shared code. */
  mount(element: HTMLElement, options: { hydrate: boolean }): () => void;
}

/**
 * `attempt` > 0 marks a retry: the entry is asked of the remote again, with an extra query key,
 * because browsers remember a failed module URL.
 */
export async function loadRemote(name: RemoteName, attempt: number): Promise<RemoteModule> {
  const entry = new URL(await remoteEntry(name, attempt), window.location.origin);
  if (attempt > 0) entry.searchParams.set("attempt", String(attempt));
  const { loadMount } = (await import(/* @vite-ignore */ entry.href)) as Partial<RemoteEntry>;
  if (typeof loadMount !== "function") throw new Error(`Remote "${name}" did not provide its entry`);
  const exposed = await loadMount();
  if (typeof exposed?.mount !== "function") throw new Error(`Remote "${name}" did not provide its mount`);
  return exposed as RemoteModule;
}
