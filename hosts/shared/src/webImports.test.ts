// Guards the bundle-size design of the web apps (reading issue, "Performance"): react-router, swr
// and react-hot-toast reach the shell and the remotes only through @unbiased/web-shared, the one
// Module Federation singleton of our code. A direct import in a remote would bundle a second
// copy — a second router (useLocation would miss the host's path), SWR cache or toast store — and
// sharing those packages through Module Federation instead would ship them whole.
import { describe, expect, it } from "vitest";
import { SHARED_SINGLETONS } from "../federation/sharedSingletons.ts";

// Every app source file (tests excepted: they may use MemoryRouter etc. directly, which outside
// Module Federation is the same module as web-shared's), keyed by its path from the repo root.
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(
      ["../../*/src/**/*.{ts,tsx}", "../../../remotes/*/src/**/*.{ts,tsx}", "!**/*.test.{ts,tsx}"],
      {
        query: "?raw",
        import: "default",
        eager: true,
      },
    ),
  ).map(([path, code]) => [new URL(path, "file:///repo/hosts/shared/src/").pathname.slice("/repo/".length), code]),
);
const ROUTER_MODULE = "hosts/shared/src/router.tsx";
const WEB_SHARED = "hosts/shared/src/";

/** Packages only web-shared may import, and which of its files may. */
const RESTRICTED: { pattern: RegExp; allowed: (file: string) => boolean }[] = [
  { pattern: /^react-router(-dom)?(\/|$)/, allowed: (file) => file === ROUTER_MODULE },
  { pattern: /^(swr|react-hot-toast)(\/|$)/, allowed: (file) => file.startsWith(WEB_SHARED) },
];

function importedPackages(code: string): string[] {
  const specifiers = [
    ...code.matchAll(
      /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|^import\s*["']([^"']+)["']/gm,
    ),
  ];
  return specifiers.map((m) => m[1] ?? m[2] ?? m[3]!);
}

describe("web imports", () => {
  const files = Object.keys(SOURCES);

  it("finds the app sources", () => {
    expect(files).toContain(ROUTER_MODULE);
    expect(files).toContain("hosts/shell/src/main.tsx");
    expect(files).toContain("remotes/reader/src/App.tsx");
    expect(files).toContain("remotes/modme/src/App.tsx");
    expect(files.some((file) => file.includes(".test."))).toBe(false);
  });

  it("imports react-router, swr and react-hot-toast only inside @unbiased/web-shared", () => {
    const offenders = files.flatMap((file) =>
      importedPackages(SOURCES[file]!)
        .filter((specifier) => RESTRICTED.some(({ pattern, allowed }) => pattern.test(specifier) && !allowed(file)))
        .map((specifier) => `${file} imports "${specifier}"`),
    );
    expect(offenders).toEqual([]);
  });

  it("does not share those packages through Module Federation", () => {
    expect(Object.keys(SHARED_SINGLETONS).sort()).toEqual([
      "@unbiased/web-shared",
      "@unbiased/web-shared/admin",
      "react",
      "react-dom",
    ]);
  });
});
