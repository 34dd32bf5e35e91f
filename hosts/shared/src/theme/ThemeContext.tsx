// Light, dark or follow the OS live (spec §4). The `dark` class on <html> drives the tokens.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
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

const ThemeContext = createContext<ThemeState | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState(readThemePreference);
  const [isDark, setIsDark] = useState(() => resolveDark(preference));

  useEffect(() => {
    setIsDark(resolveDark(preference));
    if (preference !== "system") return;
    const query = window.matchMedia(DARK_QUERY);
    const follow = (event: MediaQueryListEvent) => setIsDark(event.matches);
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, [preference]);

  useEffect(() => applyDarkClass(isDark), [isDark]);

  const setPreference = useCallback((next: ThemePreference) => {
    storeThemePreference(next);
    setPreferenceState(next);
  }, []);

  const toggle = useCallback(() => setPreference(isDark ? "light" : "dark"), [isDark, setPreference]);

  const value = useMemo(
    () => ({ preference, isDark, setPreference, toggle }),
    [preference, isDark, setPreference, toggle],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const theme = useContext(ThemeContext);
  if (!theme) throw new Error("useTheme must be used inside <ThemeProvider>");
  return theme;
}
