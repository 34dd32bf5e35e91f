// The stored theme preference and how it maps onto the document (spec §4 Theme). The shell's
// public/theme-init.js repeats applyTheme's rule before first paint; keep the two in step.
export type ThemePreference = "light" | "dark" | "system";

const THEME_KEY = "theme";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

export function readThemePreference(): ThemePreference {
  const stored = localStorage.getItem(THEME_KEY);
  return stored === "light" || stored === "dark" ? stored : "system";
}

export function storeThemePreference(preference: ThemePreference): void {
  localStorage.setItem(THEME_KEY, preference);
}

export function systemPrefersDark(): boolean {
  return window.matchMedia(DARK_QUERY).matches;
}

export function resolveDark(preference: ThemePreference): boolean {
  return preference === "dark" || (preference === "system" && systemPrefersDark());
}

export function applyDarkClass(dark: boolean): void {
  document.documentElement.classList.toggle("dark", dark);
  // Lets the browser draw scrollbars and form controls to match.
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}
