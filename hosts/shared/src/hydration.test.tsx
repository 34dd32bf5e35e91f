// A page hydrates with the stores' server snapshots (signed out, light theme). When the browser's
// state is the same, its snapshot must be the same object: useSyncExternalStore compares by identity
// and would otherwise render every reader of the store again, synchronously, right after hydrating.
import { act } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthProvider, useAuth } from "./auth/AuthContext.tsx";
import { ThemeProvider, useTheme } from "./theme/ThemeContext.tsx";

let renders = 0;
function StoreReader() {
  const { user, loading } = useAuth();
  const { isDark } = useTheme();
  renders += 1;
  return <p>{`${loading ? "loading" : (user?.name ?? "anonymous")} ${isDark ? "dark" : "light"}`}</p>;
}
const page = () => (
  <ThemeProvider>
    <AuthProvider>
      <StoreReader />
    </AuthProvider>
  </ThemeProvider>
);

let root: Root | null = null;
/** Renders the page as the server does, then hydrates it; counts the reader's renders while hydrating. */
async function hydrateServerRendering(): Promise<HTMLElement> {
  const element = document.createElement("div");
  element.innerHTML = renderToString(page());
  document.body.append(element);
  renders = 0;
  await act(async () => {
    root = hydrateRoot(element, page());
  });
  return element;
}

beforeEach(() => {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
  // A stored token is checked against the server: never answered here, so the page stays 'loading'.
  vi.stubGlobal("fetch", () => new Promise(() => {}));
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

describe("hydrating a server-rendered page", () => {
  it("renders each reader of the auth and theme stores once for a visitor in the server's state", async () => {
    const element = await hydrateServerRendering();
    expect(element.textContent).toBe("anonymous light");
    expect(renders).toBe(1);
  });

  it("renders them again when the browser's state differs: a stored token is being checked", async () => {
    localStorage.setItem("token", "t1");
    const element = await hydrateServerRendering();
    expect(element.textContent).toBe("loading light");
    expect(renders).toBe(2);
  });

  it("renders them again when the browser's state differs: a stored dark theme", async () => {
    localStorage.setItem("theme", "dark");
    const element = await hydrateServerRendering();
    expect(element.textContent).toBe("anonymous dark");
    expect(renders).toBe(2);
  });
});
