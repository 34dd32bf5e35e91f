// The server's stand-in for src/remotes/loadRemoteApp.ts (vite.ssr.config.ts aliases it): the
// reader is bundled into the renderer, so "loading" it is handing over its App. The browser's tree
// keeps the same shape — the same lazy slot — so the two render the same markup and the same ids.
import type { ComponentType } from "react";
import ReaderApp from "../../../remotes/reader/src/App.tsx";
import type { RemoteName } from "../src/remotes/remoteManifest.ts";

export async function loadRemoteApp(name: RemoteName, _attempt: number): Promise<ComponentType> {
  if (name === "reader") return ReaderApp;
  throw new Error(`The ${name} remote is not rendered on the server`);
}
