// Light, dark or follow the OS live (spec §4). The `dark` class on <html> drives the tokens. One
// theme state for the page in a module-level store (the shell and the remotes render in separate
// React roots, docs/decisions/016-fragments.md), read with useSyncExternalStore; while a
// server-rendered page hydrates, components read the server's snapshot (no stored setting, light).
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from "react";
import {
  applyDarkClass,
  DARK_QUERY,
  readThemePreference,
  resolveDark,
  storeThemePreference,
  type ThemePreference,
} from "./themePreference.ts";

export interface ThemeState {
  preference: ThemePreference;
  /** What is on screen now, after resolving "system". */
  isDark: boolean;
  setPreference(preference: ThemePreference): void;
  /** Switches between light and dark; from "system" it flips what is shown and leaves system mode. */
  toggle(): void;
}

type Snapshot = Pick<ThemeState, "preference" | "isDark">;

const SERVER_SNAPSHOT: Snapshot = { preference: "system", isDark: false };

let snapshot: Snapshot | null = null;
const current = (): Snapshot => {
  if (!snapshot) {
    const preference = readThemePreference();
    const isDark = resolveDark(preference);
    // The server's own object when the page is as the server rendered it: useSyncExternalStore
    // compares by identity, and another object would re-render every reader once hydrated.
    const asRendered = preference === SERVER_SNAPSHOT.preference && isDark === SERVER_SNAPSHOT.isDark;
    snapshot = asRendered ? SERVER_SNAPSHOT : { preference, isDark };
  }
  return snapshot;
};
const listeners = new Set<() => void>();
let followingSystem: MediaQueryList | null = null;

function update(next: Snapshot): void {
  snapshot = next;
  applyDarkClass(next.isDark);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const followSystem = (event: MediaQueryListEvent) => {
  if (current().preference === "system") update({ preference: "system", isDark: event.matches });
};

/** Watches the OS setting once per page, however many roots mount a ThemeProvider. */
function start(): void {
  applyDarkClass(current().isDark);
  if (followingSystem) return;
  followingSystem = window.matchMedia(DARK_QUERY);
  followingSystem.addEventListener("change", followSystem);
}

function setPreference(preference: ThemePreference): void {
  storeThemePreference(preference);
  update({ preference, isDark: resolveDark(preference) });
}

function toggle(): void {
  setPreference(current().isDark ? "light" : "dark");
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  useEffect(start, []);
  return children;
}

export function useTheme(): ThemeState {
  const state = useSyncExternalStore(subscribe, current, () => SERVER_SNAPSHOT);
  return useMemo(() => ({ ...state, setPreference, toggle }), [state]);
}

/** Tests only: a fresh page's theme state (the store is a module singleton). */
export function resetThemeForTests(): void {
  followingSystem?.removeEventListener("change", followSystem);
  followingSystem = null;
  snapshot = null;
  for (const listener of listeners) listener();
}
