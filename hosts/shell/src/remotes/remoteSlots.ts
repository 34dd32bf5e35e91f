// One React.lazy component per remote, kept across route changes so returning to a section does
// not suspend again. React.lazy remembers a rejection forever, so a retry needs a new one.
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { loadRemoteApp } from "./loadRemoteApp.ts";
import type { RemoteName } from "./remoteManifest.ts";

export interface RemoteSlot {
  attempt: number;
  App: LazyExoticComponent<ComponentType>;
}

const slots = new Map<RemoteName, RemoteSlot>();

function createSlot(name: RemoteName, attempt: number): RemoteSlot {
  const App = lazy(async () => ({ default: await loadRemoteApp(name, attempt) }));
  const slot = { attempt, App };
  slots.set(name, slot);
  return slot;
}

export function remoteSlot(name: RemoteName): RemoteSlot {
  return slots.get(name) ?? createSlot(name, 0);
}

export function retryRemote(name: RemoteName): void {
  createSlot(name, remoteSlot(name).attempt + 1);
}
