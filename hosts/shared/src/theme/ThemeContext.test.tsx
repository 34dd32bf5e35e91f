import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ThemeProvider, useTheme } from "./ThemeContext.tsx";

/** A stand-in for the OS colour-scheme setting that the test can flip, as a user would. */
function stubSystemScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return dark;
    },
    media: query,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  }));
  return {
    setDark(next: boolean) {
      dark = next;
      act(() => {
        for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent);
      });
    },
  };
}

function ThemeProbe() {
  const { preference, isDark, toggle, setPreference } = useTheme();
  return (
    <>
      <p>
        {preference}/{isDark ? "dark" : "light"}
      </p>
      <button type="button" onClick={toggle}>
        toggle
      </button>
      <button type="button" onClick={() => setPreference("system")}>
        system
      </button>
    </>
  );
}

const rootIsDark = () => document.documentElement.classList.contains("dark");

describe("ThemeProvider", () => {
  beforeEach(() => localStorage.clear());

  it("defaults to following the system and sets the dark class on <html>", () => {
    stubSystemScheme(true);
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText("system/dark")).toBeTruthy();
    expect(rootIsDark()).toBe(true);
  });

  it("follows an OS change live while in system mode", () => {
    const system = stubSystemScheme(false);
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(rootIsDark()).toBe(false);

    system.setDark(true);
    expect(rootIsDark()).toBe(true);
    system.setDark(false);
    expect(rootIsDark()).toBe(false);
  });

  it("toggle flips what is shown, leaves system mode, stores it, and stops following the OS", () => {
    const system = stubSystemScheme(true);
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );

    fireEvent.click(screen.getByText("toggle"));
    expect(screen.getByText("light/light")).toBeTruthy();
    expect(localStorage.getItem("theme")).toBe("light");
    expect(rootIsDark()).toBe(false);

    system.setDark(false);
    system.setDark(true);
    expect(rootIsDark()).toBe(false);

    fireEvent.click(screen.getByText("toggle"));
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(rootIsDark()).toBe(true);
  });

  it("starts from a stored explicit choice", () => {
    stubSystemScheme(false);
    localStorage.setItem("theme", "dark");
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText("dark/dark")).toBeTruthy();
    expect(rootIsDark()).toBe(true);
  });

  it("returning to system default resolves the OS preference again", () => {
    stubSystemScheme(true);
    localStorage.setItem("theme", "light");
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByText("system"));
    expect(localStorage.getItem("theme")).toBe("system");
    expect(rootIsDark()).toBe(true);
  });
});
